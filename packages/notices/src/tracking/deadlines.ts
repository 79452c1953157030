import type { SendableRoute } from "../notices/types.js";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long we wait for removal before telling the person and offering escalation.
 * - take_it_down: the Act's own 48-hour removal duty.
 * - dmca: 512(c)(1)(C) says "expeditiously" with no number; most large platforms act within a few
 *   business days, so after 7 days without removal we escalate (second notice, hosting provider).
 * - dsa_article_16: Article 16(6) asks for a "timely, diligent, non-arbitrary and objective"
 *   decision, again with no number; 7 days, then the platform's internal complaint system
 *   (Article 20) or an out-of-court dispute body (Article 21).
 * - platform_report: policy reports promise nothing; 7 days, same as DMCA.
 */
export const REMOVAL_DEADLINE_MS: Record<SendableRoute, number> = {
  take_it_down: 48 * HOUR_MS,
  dmca: 7 * DAY_MS,
  dsa_article_16: 7 * DAY_MS,
  platform_report: 7 * DAY_MS,
};

/** Re-check offsets after sending: quick at first (many removals are fast), then daily. */
export const RECHECK_OFFSETS_MS: readonly number[] = [1, 2, 4, 8, 16, 24].map((hours) => hours * HOUR_MS);
export const RECHECK_INTERVAL_AFTER_MS = DAY_MS;

export function removalDeadline(route: SendableRoute, sentAt: string): string {
  return new Date(Date.parse(sentAt) + REMOVAL_DEADLINE_MS[route]).toISOString();
}

/** The first scheduled check strictly after `now`, never later than the deadline itself. */
export function nextCheckTime(sentAt: string, deadlineAt: string, now: Date): string {
  const sent = Date.parse(sentAt);
  const deadline = Date.parse(deadlineAt);
  const elapsed = now.getTime() - sent;
  let offset = RECHECK_OFFSETS_MS.find((candidate) => candidate > elapsed);
  if (offset === undefined) {
    const last = RECHECK_OFFSETS_MS[RECHECK_OFFSETS_MS.length - 1] ?? 0;
    const periods = Math.floor((elapsed - last) / RECHECK_INTERVAL_AFTER_MS) + 1;
    offset = last + periods * RECHECK_INTERVAL_AFTER_MS;
  }
  return new Date(Math.min(sent + offset, deadline)).toISOString();
}
