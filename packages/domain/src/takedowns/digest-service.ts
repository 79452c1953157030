import {
  type AlertEmailSender,
  type AlertThreat,
  groupBySensitivity,
  isDigestDue,
  parseNotificationSettings,
  type RecipientDirectory,
  renderDigestEmail,
  renderDigestPush,
} from "@lg/notices";
import type { PushFanOut } from "../push/push-fan-out.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import type { AlertRecord, AlertRepository, PersonRecords } from "./ports.js";

export interface DigestServiceDeps {
  alerts: AlertRepository;
  threats: ThreatRepository;
  people: PersonRecords;
  email: AlertEmailSender;
  /** Queued push alerts become one digest push to the person's browsers. */
  push?: PushFanOut;
  directory: RecipientDirectory;
  appUrl: string;
  now: () => Date;
  /** How often the digest job runs: a digest falling due before the next run goes now, not a run late. */
  runIntervalMs: number;
}

const STILL_OPEN = new Set(["active", "takedown_requested"]);

/** Daily and weekly digests built from queued alerts. */
export class DigestService {
  constructor(private readonly deps: DigestServiceDeps) {}

  async sendDue(): Promise<{ digests: number; alerts: number }> {
    const byUser = new Map<string, AlertRecord[]>();
    for (const alert of await this.deps.alerts.queued()) {
      byUser.set(alert.userId, [...(byUser.get(alert.userId) ?? []), alert]);
    }
    let digests = 0;
    let alerts = 0;
    for (const [userId, queued] of byUser) {
      const sent = await this.sendDigest(userId, queued);
      if (sent > 0) digests += 1;
      alerts += sent;
    }
    return { digests, alerts };
  }

  private async sendDigest(userId: string, queued: AlertRecord[]): Promise<number> {
    const profile = await this.deps.people.getProfile(userId);
    const prefs = parseNotificationSettings(profile?.notificationSettings);
    // Queued alerts all arrived since the last digest, so the oldest one bounds when it was sent.
    const oldest = queued.map((alert) => alert.createdAt).sort()[0];
    const horizon = new Date(this.deps.now().getTime() + this.deps.runIntervalMs);
    const frequency = prefs.frequency === "immediate" ? "daily" : prefs.frequency;
    if (prefs.frequency !== "immediate" && !isDigestDue(frequency, oldest, horizon)) return 0;
    // The period's threats under the person's sensitivity are listed as low confidence, never alone.
    const { alerting: threats, lowConfidence } = groupBySensitivity(await this.openThreats(userId, queued), prefs);
    const sentAt = this.deps.now().toISOString();
    const input = {
      frequency,
      threats,
      lowConfidence,
      appUrl: this.deps.appUrl,
      platformName: (id: string) => this.deps.directory.find(id)?.name ?? id,
    };
    const queuedOn = (channel: AlertRecord["channel"]) => queued.some((alert) => alert.channel === channel);
    if (profile?.email && threats.length > 0 && queuedOn("email")) {
      await this.deps.email.send({ ...renderDigestEmail(input), to: profile.email });
    }
    if (this.deps.push && threats.length > 0 && queuedOn("push")) {
      await this.deps.push.send(userId, renderDigestPush(input));
    }
    // Alerts for threats closed meanwhile are settled too, so they never pile up in the queue.
    for (const alert of queued) await this.deps.alerts.put({ ...alert, status: "sent", sentAt });
    return queued.length;
  }

  private async openThreats(userId: string, queued: AlertRecord[]): Promise<AlertThreat[]> {
    const ids = [...new Set(queued.map((alert) => alert.threatId))];
    const threats = await Promise.all(ids.map((id) => this.deps.threats.get(userId, id)));
    return threats.filter((threat) => threat !== null && STILL_OPEN.has(threat.status)) as AlertThreat[];
  }
}
