import {
  type AlertEmailSender,
  type AlertThreat,
  isDigestDue,
  parseNotificationSettings,
  type RecipientDirectory,
  renderDigestEmail,
} from "@lg/notices";
import type { ThreatRepository } from "../scanning/threat-ports.js";
import type { AlertRecord, AlertRepository, PersonRecords } from "./ports.js";

export interface DigestServiceDeps {
  alerts: AlertRepository;
  threats: ThreatRepository;
  people: PersonRecords;
  email: AlertEmailSender;
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
    const threats = await this.openThreats(userId, queued);
    const sentAt = this.deps.now().toISOString();
    if (profile?.email && threats.length > 0) {
      const digest = renderDigestEmail({
        frequency,
        threats,
        appUrl: this.deps.appUrl,
        platformName: (id) => this.deps.directory.find(id)?.name ?? id,
      });
      await this.deps.email.send({ ...digest, to: profile.email });
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
