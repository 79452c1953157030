import type { ProfileRecord } from "../takedowns/ports.js";
import type { ThreatRecord, ThreatRepository } from "../threats/threat-ports.js";
import type { AlertOutbox } from "./scan-ports.js";

export interface ThreatHandoverDeps {
  outbox: AlertOutbox;
  threats: ThreatRepository;
  getProfile(userId: string): Promise<ProfileRecord | null>;
  /** One message per channel for all the threats given (AlertService.alertNewThreats). */
  alertNewThreats(profile: ProfileRecord, threats: ThreatRecord[]): Promise<{ messages: number }>;
  /** Starts the threat's automatic takedown when the person's tier and setting allow; false when not started. */
  autoTakedown(profile: ProfileRecord, threat: ThreatRecord): Promise<boolean>;
  now: () => Date;
}

/**
 * A sender that claimed owed alerts and then vanished (killed mid-send) holds them this long; after
 * it they are owed again. The only case a message can go twice: killed after sending, before marking.
 */
export const ALERT_CLAIM_LEASE_MS = 10 * 60_000;

/** Alerts and automatic takedowns still open at send time: one dismissed meanwhile raises nothing. */
const STILL_OPEN = new Set<ThreatRecord["status"]>(["active", "takedown_requested"]);

/**
 * Sends what the alert outbox owes a person: every recorded threat not yet alerted, in one message
 * per channel, then its automatic takedown. Called when a scan finishes and when its execution ends
 * any other way (the reconciler), so a threat recorded is a threat alerted once.
 */
export class ThreatHandover {
  constructor(private readonly deps: ThreatHandoverDeps) {}

  async sendOwed(userId: string): Promise<{ threats: number; alerts: number; autoTakedowns: number }> {
    const now = this.deps.now();
    const staleBefore = new Date(now.getTime() - ALERT_CLAIM_LEASE_MS).toISOString();
    const pending = await this.deps.outbox.pending(userId, staleBefore);
    const claimed: ThreatRecord[] = [];
    for (const owed of pending) {
      // Owed is written before its threat: a threat not written yet stays owed for whoever records it.
      const threat = await this.deps.threats.get(userId, owed.threatId);
      if (!threat) continue;
      if (await this.deps.outbox.claim(userId, owed.threatId, now.toISOString(), staleBefore)) claimed.push(threat);
    }
    if (claimed.length === 0) return { threats: 0, alerts: 0, autoTakedowns: 0 };
    const open = claimed.filter((threat) => STILL_OPEN.has(threat.status));
    const profile = await this.deps.getProfile(userId);
    let alerts = 0;
    let autoTakedowns = 0;
    if (profile && open.length > 0) {
      alerts = (await this.deps.alertNewThreats(profile, open)).messages;
      for (const threat of open) if (await this.deps.autoTakedown(profile, threat)) autoTakedowns += 1;
    }
    const sentAt = this.deps.now().toISOString();
    for (const threat of claimed) await this.deps.outbox.markSent(userId, threat.id, sentAt);
    return { threats: claimed.length, alerts, autoTakedowns };
  }
}

/**
 * Takes over alert claims whose sender died (killed mid-handover): every person with a claim
 * older than the lease gets what they are owed now, instead of at their next scan (a week away
 * on Personal). Run every ALERT_SWEEP_MINUTES by a scheduled job.
 */
export async function sweepStaleClaims(deps: {
  outbox: Pick<AlertOutbox, "staleClaims">;
  handover: Pick<ThreatHandover, "sendOwed">;
  now: () => Date;
}): Promise<{ people: number; threats: number; alerts: number }> {
  const staleBefore = new Date(deps.now().getTime() - ALERT_CLAIM_LEASE_MS).toISOString();
  const people = [...new Set((await deps.outbox.staleClaims(staleBefore)).map((o) => o.userId))];
  let threats = 0;
  let alerts = 0;
  for (const userId of people) {
    const sent = await deps.handover.sendOwed(userId);
    threats += sent.threats;
    alerts += sent.alerts;
  }
  return { people: people.length, threats, alerts };
}

/** How often the sweeper runs: a killed handover's alerts go out within the lease and this. */
export const ALERT_SWEEP_MINUTES = 5;
