import { matchPhrase } from "@lg/domain/threats/match-band";
import type { RenderedEmail } from "../notices/email.js";
import { escapeHtml, htmlDocument } from "../text/html.js";
import { type ThreatRecord, threatTypeLabel } from "../threat.js";
import { isCritical } from "./critical.js";

/**
 * The only threat fields a message may show. Deliberately excludes the content URL, title, hashes
 * and detection scores: no biometric or derived data, and nothing that exposes the material
 * itself in an inbox or on a lock screen. The link leads to the threat inside the app.
 */
export type AlertThreat = Pick<
  ThreatRecord,
  "id" | "threatType" | "confidence" | "platform" | "createdAt" | "classification"
>;

/** The dashboard opens the threat's details from this query parameter. */
export function threatLink(appUrl: string, threatId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/dashboard?threat=${encodeURIComponent(threatId)}`;
}

function headline(threat: AlertThreat, platformName: string): string {
  return `${threatTypeLabel(threat.threatType)} detected on ${platformName} (${matchPhrase(threat.confidence)})`;
}

export function renderAlertEmail(threat: AlertThreat, appUrl: string, platformName = threat.platform): RenderedEmail {
  const link = threatLink(appUrl, threat.id);
  const title = headline(threat, platformName);
  const urgency = isCritical(threat) ? "Critical: " : "";
  const intro = `LikenessGuard found content that appears to use your likeness: ${title.toLowerCase()}.`;
  const action = "Review it, mark it as a false positive, or send a takedown notice:";
  return {
    subject: `${urgency}${title}`,
    text: `${intro}\nDetected at: ${threat.createdAt}\n\n${action}\n${link}\n`,
    html: htmlDocument(
      title,
      `<p>${escapeHtml(intro)}</p><p>Detected at: ${escapeHtml(threat.createdAt)}</p>` +
        `<p>${escapeHtml(action)}</p><p><a href="${escapeHtml(link)}">View the threat</a></p>`,
    ),
  };
}

/** One SMS segment where possible (160 GSM characters): headline and link only. */
export function renderAlertSms(threat: AlertThreat, appUrl: string, platformName = threat.platform): string {
  return `LikenessGuard: ${headline(threat, platformName)}. ${threatLink(appUrl, threat.id)}`;
}

export interface PushPayload {
  title: string;
  body: string;
  /** Same threat, same tag: a newer push replaces the old one instead of stacking. */
  tag: string;
  url: string;
  /** Absent for a digest, which covers several threats. */
  threatId?: string;
}

export function renderPushPayload(threat: AlertThreat, appUrl: string, platformName = threat.platform): PushPayload {
  return {
    title: isCritical(threat) ? "Critical threat detected" : "Threat detected",
    body: headline(threat, platformName),
    tag: `threat-${threat.id}`,
    url: threatLink(appUrl, threat.id),
    threatId: threat.id,
  };
}
