import type { RenderedEmail } from "../notices/email.js";
import type { AlertThreat, PushPayload } from "./render.js";
import type { AlertFrequency } from "./settings.js";
import { renderThreatsEmail } from "./threats-message.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const DIGEST_PERIOD_MS: Record<Exclude<AlertFrequency, "immediate">, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

/** A digest is due when a full period has passed since the last one (or none was ever sent). */
export function isDigestDue(frequency: AlertFrequency, lastDigestAt: string | undefined, now: Date): boolean {
  if (frequency === "immediate") return false;
  if (!lastDigestAt) return true;
  return now.getTime() - Date.parse(lastDigestAt) >= DIGEST_PERIOD_MS[frequency];
}

export interface DigestInput {
  frequency: Exclude<AlertFrequency, "immediate">;
  /** The period's threats at or above the person's sensitivity. */
  threats: AlertThreat[];
  /** The period's threats under it (50%+), listed apart as low confidence. */
  lowConfidence?: AlertThreat[];
  appUrl: string;
  platformName?: (platformId: string) => string;
}

export function renderDigestEmail(input: DigestInput): RenderedEmail {
  const count = input.threats.length;
  const period = input.frequency === "daily" ? "Daily" : "Weekly";
  const subject = `${period} LikenessGuard digest: ${count} new threat${count === 1 ? "" : "s"}`;
  const intro = `Since your last digest, scans found ${count} new threat${count === 1 ? "" : "s"} at or above your alert sensitivity.`;
  return renderThreatsEmail({
    subject,
    intro,
    alerting: input.threats,
    lowConfidence: input.lowConfidence ?? [],
    appUrl: input.appUrl,
    ...(input.platformName ? { platformName: input.platformName } : {}),
  });
}

export function renderDigestPush(input: DigestInput): PushPayload {
  const count = input.threats.length;
  const period = input.frequency === "daily" ? "today" : "this week";
  return {
    title: "LikenessGuard digest",
    body: `${count} new threat${count === 1 ? "" : "s"} ${period}`,
    tag: `digest-${input.frequency}`,
    url: `${input.appUrl.replace(/\/+$/, "")}/dashboard`,
  };
}
