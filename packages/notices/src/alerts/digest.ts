import type { RenderedEmail } from "../notices/email.js";
import { escapeHtml, htmlDocument } from "../text/html.js";
import { threatTypeLabel } from "../threat.js";
import { type AlertThreat, type PushPayload, threatLink } from "./render.js";
import type { AlertFrequency } from "./settings.js";

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
  threats: AlertThreat[];
  appUrl: string;
  platformName?: (platformId: string) => string;
}

function line(threat: AlertThreat, nameOf: (id: string) => string): string {
  return `${threatTypeLabel(threat.threatType)} on ${nameOf(threat.platform)}, ${Math.round(threat.confidence)}% match, ${threat.createdAt}`;
}

export function renderDigestEmail(input: DigestInput): RenderedEmail {
  const nameOf = input.platformName ?? ((id: string) => id);
  const count = input.threats.length;
  const period = input.frequency === "daily" ? "Daily" : "Weekly";
  const subject = `${period} LikenessGuard digest: ${count} new threat${count === 1 ? "" : "s"}`;
  const text = [
    `${subject}.`,
    "",
    ...input.threats.map((threat) => `- ${line(threat, nameOf)}\n  ${threatLink(input.appUrl, threat.id)}`),
    "",
    `All threats: ${input.appUrl.replace(/\/+$/, "")}/dashboard`,
  ].join("\n");
  const items = input.threats
    .map((threat) => {
      const href = escapeHtml(threatLink(input.appUrl, threat.id));
      return `<li><a href="${href}">${escapeHtml(line(threat, nameOf))}</a></li>`;
    })
    .join("");
  return {
    subject,
    text: `${text}\n`,
    html: htmlDocument(subject, `<h1>${escapeHtml(subject)}</h1><ul>${items}</ul>`),
  };
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
