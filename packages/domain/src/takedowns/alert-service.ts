import {
  type AlertChannel,
  type AlertEmailSender,
  type AlertSmsSender,
  isCritical,
  type PlannedAlert,
  planScanAlert,
  type RecipientDirectory,
  renderScanAlertEmail,
  renderScanAlertPush,
  renderScanAlertSms,
  type ThreatGroup,
} from "@lg/notices";
import { notificationSettingsOf } from "../accounts/profile-view.js";
import type { PushAudience, PushFanOut } from "../push/push-fan-out.js";
import type { ThreatRecord } from "../threats/threat-ports.js";
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

  /** One threat's alerts: the same rule as a scan with one new threat. */
  async alertNewThreat(profile: ProfileRecord, threat: ThreatRecord): Promise<AlertRecord[]> {
    return (await this.alertNewThreats(profile, [threat])).records;
  }

  /**
   * A scan's new threats raise at most one message per channel, listing them all: those at the
   * person's sensitivity, and under them those listed as low confidence. Each covered threat gets an
   * alert record per channel (queued for a digest, or the message's delivery state).
   */
  async alertNewThreats(
    profile: ProfileRecord,
    threats: ThreatRecord[],
  ): Promise<{ messages: number; records: AlertRecord[] }> {
    // Unset channels follow what the account has (a phone-only account's alerts are texts), and
    // where a text is the only message channel it carries every alerting threat, not the critical only.
    const smsForEveryThreat = !profile.email;
    const plan = planScanAlert(threats, notificationSettingsOf(profile), { smsForEveryThreat });
    const audience = plan.channels.some((alert) => alert.channel === "push")
      ? await this.deps.push?.audience(profile.userId)
      : undefined;
    const planned = plan.channels.filter((alert) =>
      this.canReach(profile, alert.channel, (audience?.browsers ?? 0) > 0),
    );
    const group: ThreatGroup = {
      alerting: plan.alerting,
      lowConfidence: plan.lowConfidence,
      appUrl: this.deps.appUrl,
      platformName: (id) => this.deps.directory.find(id)?.name ?? id,
      smsForEveryThreat,
    };
    const records: AlertRecord[] = [];
    let messages = 0;
    for (const alert of planned) {
      const covered = this.coveredBy(alert, plan, smsForEveryThreat);
      const outcome =
        alert.when === "digest"
          ? { status: "queued" as const }
          : await this.deliver(profile, group, alert.channel, audience);
      if (outcome.status === "sent") messages += 1;
      for (const threat of covered) {
        const createdAt = this.deps.now().toISOString();
        const record: AlertRecord = {
          userId: profile.userId,
          alertId: this.deps.newId(),
          threatId: threat.id,
          channel: alert.channel,
          createdAt,
          ...outcome,
        };
        await this.deps.alerts.put(record);
        records.push(record);
      }
    }
    return { messages, records };
  }

  /** A text is about the critical threats only (or every alerting one, texts being all there is); email and push list every threat of the group. */
  private coveredBy(
    alert: PlannedAlert,
    plan: ReturnType<typeof planScanAlert<ThreatRecord>>,
    smsForEveryThreat: boolean,
  ): ThreatRecord[] {
    if (alert.channel === "sms") return smsForEveryThreat ? plan.alerting : plan.alerting.filter(isCritical);
    return [...plan.alerting, ...plan.lowConfidence];
  }

  private canReach(profile: ProfileRecord, channel: AlertChannel, pushable: boolean): boolean {
    if (channel === "email") return Boolean(profile.email);
    if (channel === "sms") return e164(profile.phone) !== undefined;
    return pushable;
  }

  /** One channel failing must not silence the others, so a failure is recorded, not thrown. */
  private async deliver(
    profile: ProfileRecord,
    group: ThreatGroup,
    channel: AlertChannel,
    audience: PushAudience | undefined,
  ): Promise<Pick<AlertRecord, "status" | "sentAt">> {
    try {
      if (channel === "email" && profile.email) {
        await this.deps.email.send({ ...renderScanAlertEmail(group), to: profile.email });
      } else if (channel === "sms") {
        const phoneNumber = e164(profile.phone);
        if (!phoneNumber) return { status: "failed" };
        await this.deps.sms.send({ phoneNumber, text: renderScanAlertSms(group) });
      } else if (channel === "push" && audience) {
        const { delivered } = await audience.send(renderScanAlertPush(group));
        if (delivered === 0) return { status: "failed" };
      }
      return { status: "sent", sentAt: this.deps.now().toISOString() };
    } catch {
      return { status: "failed" };
    }
  }
}
