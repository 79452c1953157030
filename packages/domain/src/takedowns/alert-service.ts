import {
  type AlertChannel,
  type AlertEmailSender,
  type AlertSmsSender,
  planAlerts,
  type RecipientDirectory,
  renderAlertEmail,
  renderAlertSms,
  renderPushPayload,
} from "@lg/notices";
import type { PushAudience, PushFanOut } from "../push/push-fan-out.js";
import type { ThreatRecord } from "../scanning/threat-ports.js";
import type { AlertRecord, AlertRepository, ProfileRecord } from "./ports.js";

export interface AlertServiceDeps {
  alerts: AlertRepository;
  email: AlertEmailSender;
  sms: AlertSmsSender;
  /** Web Push to the person's subscribed browsers; push alerts are planned only for someone with one. */
  push?: PushFanOut;
  directory: RecipientDirectory;
  appUrl: string;
  now: () => Date;
  newId: () => string;
}

/** SNS takes E.164 only; people type spaces, dashes and brackets into the phone field. */
export function e164(phone: string | undefined): string | undefined {
  const compact = phone?.replace(/[\s().-]/g, "");
  return compact && /^\+[1-9]\d{7,14}$/.test(compact) ? compact : undefined;
}

/** Raises the alerts a new threat calls for under the person's notification settings. */
export class AlertService {
  constructor(private readonly deps: AlertServiceDeps) {}

  async alertNewThreat(profile: ProfileRecord, threat: ThreatRecord): Promise<AlertRecord[]> {
    const platformName = this.deps.directory.find(threat.platform)?.name ?? threat.platform;
    const wanted = planAlerts(threat, profile.notificationSettings);
    const audience = wanted.some((alert) => alert.channel === "push")
      ? await this.deps.push?.audience(profile.userId)
      : undefined;
    const planned = wanted.filter((alert) => this.canReach(profile, alert.channel, (audience?.browsers ?? 0) > 0));
    const stored: AlertRecord[] = [];
    for (const { channel, when } of planned) {
      const createdAt = this.deps.now().toISOString();
      const base = { userId: profile.userId, alertId: this.deps.newId(), threatId: threat.id, channel, createdAt };
      const alert: AlertRecord =
        when === "digest"
          ? { ...base, status: "queued" }
          : { ...base, ...(await this.deliver(profile, threat, channel, platformName, audience)) };
      await this.deps.alerts.put(alert);
      stored.push(alert);
    }
    return stored;
  }

  private canReach(profile: ProfileRecord, channel: AlertChannel, pushable: boolean): boolean {
    if (channel === "email") return Boolean(profile.email);
    if (channel === "sms") return e164(profile.phone) !== undefined;
    return pushable;
  }

  /** One channel failing must not silence the others, so a failure is recorded, not thrown. */
  private async deliver(
    profile: ProfileRecord,
    threat: ThreatRecord,
    channel: AlertChannel,
    platformName: string,
    audience: PushAudience | undefined,
  ): Promise<Pick<AlertRecord, "status" | "sentAt">> {
    try {
      if (channel === "email" && profile.email) {
        await this.deps.email.send({ ...renderAlertEmail(threat, this.deps.appUrl, platformName), to: profile.email });
      } else if (channel === "sms") {
        const phoneNumber = e164(profile.phone);
        if (!phoneNumber) return { status: "failed" };
        await this.deps.sms.send({
          phoneNumber,
          text: renderAlertSms(threat, this.deps.appUrl, platformName),
        });
      } else if (channel === "push" && audience) {
        const { delivered } = await audience.send(renderPushPayload(threat, this.deps.appUrl, platformName));
        if (delivered === 0) return { status: "failed" };
      }
      return { status: "sent", sentAt: this.deps.now().toISOString() };
    } catch {
      return { status: "failed" };
    }
  }
}
