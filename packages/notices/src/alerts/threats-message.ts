import { matchPhrase } from "@lg/domain/threats/match-band";
import type { RenderedEmail } from "../notices/email.js";
import { escapeHtml } from "../text/html.js";
import { threatTypeLabel } from "../threat.js";
import { isCritical } from "./critical.js";
import { type AlertThreat, type PushPayload, threatLink } from "./render.js";

/** What one alert message covers: the threats that alert, and those listed as low confidence. */
export interface ThreatGroup {
  alerting: AlertThreat[];
  lowConfidence: AlertThreat[];
  appUrl: string;
  platformName?: (platformId: string) => string;
  /** Texts are the person's only message channel (no email address): an SMS lists every alerting threat. */
  smsForEveryThreat?: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const origin = (appUrl: string) => appUrl.replace(/\/+$/, "");

/** One threat as a line: its type as the record states it at send time, where, and how sure. */
function threatLine(threat: AlertThreat, nameOf: (id: string) => string): string {
  const critical = isCritical(threat) ? "Critical: " : "";
  return `${critical}${threatTypeLabel(threat.threatType)} on ${nameOf(threat.platform)}, ${matchPhrase(threat.confidence)}`;
}

// Inline styles only: mail clients drop <style> blocks and external sheets.
const BRAND = "#4f46e5";
const INK = "#111827";
const MUTED = "#6b7280";

function htmlThreatRows(threats: AlertThreat[], appUrl: string, nameOf: (id: string) => string): string {
  return threats
    .map((threat) => {
      const href = escapeHtml(threatLink(appUrl, threat.id));
      return (
        `<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb;color:${INK};font-size:15px">` +
        `${escapeHtml(threatLine(threat, nameOf))}<br><span style="color:${MUTED};font-size:13px">Detected ${escapeHtml(threat.createdAt)}</span></td>` +
        `<td style="padding:12px 0;border-bottom:1px solid #e5e7eb;text-align:right;white-space:nowrap">` +
        `<a href="${href}" style="color:${BRAND};font-weight:600;text-decoration:none">Open this threat</a></td></tr>`
      );
    })
    .join("");
}

/**
 * The branded alert email: a plain-text part and an HTML part with the same words. Each threat links
 * to its own details in the app; nothing of the content itself (URL, title, media) is in the message.
 */
export function renderThreatsEmail(input: ThreatGroup & { subject: string; intro: string }): RenderedEmail {
  const nameOf = input.platformName ?? ((id: string) => id);
  const settingsUrl = `${origin(input.appUrl)}/settings`;
  const dashboardUrl = `${origin(input.appUrl)}/dashboard`;
  const lowNote = "Under your alert sensitivity, listed so you can check them; they raise no alert by themselves:";
  const textList = (threats: AlertThreat[]) =>
    threats.map((t) => `- ${threatLine(t, nameOf)}\n  ${threatLink(input.appUrl, t.id)}`);
  const text = [
    input.intro,
    "",
    ...textList(input.alerting),
    ...(input.lowConfidence.length > 0
      ? ["", `Low confidence (${input.lowConfidence.length})`, lowNote, ...textList(input.lowConfidence)]
      : []),
    "",
    "Review each one, mark it as a false positive, or send a takedown notice.",
    `All threats: ${dashboardUrl}`,
    `Alert settings: ${settingsUrl}`,
    "",
    "LikenessGuard",
  ].join("\n");
  const lowSection =
    input.lowConfidence.length > 0
      ? `<h2 style="margin:24px 0 4px;font-size:16px;color:${INK}">Low confidence (${input.lowConfidence.length})</h2>` +
        `<p style="margin:0 0 8px;color:${MUTED};font-size:13px">${escapeHtml(lowNote)}</p>` +
        `<table role="presentation" width="100%" cellspacing="0" cellpadding="0">${htmlThreatRows(input.lowConfidence, input.appUrl, nameOf)}</table>`
      : "";
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">` +
    `<table role="presentation" width="600" cellspacing="0" cellpadding="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${BRAND};padding:20px 24px;color:#ffffff;font-size:20px;font-weight:700">LikenessGuard</td></tr>` +
    `<tr><td style="padding:24px">` +
    `<h1 style="margin:0 0 12px;font-size:20px;color:${INK}">${escapeHtml(input.subject)}</h1>` +
    `<p style="margin:0 0 16px;color:${INK};font-size:15px">${escapeHtml(input.intro)}</p>` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0">${htmlThreatRows(input.alerting, input.appUrl, nameOf)}</table>` +
    lowSection +
    `<p style="margin:24px 0 0;color:${INK};font-size:15px">Review each one, mark it as a false positive, or send a takedown notice.</p>` +
    `<p style="margin:16px 0 0"><a href="${escapeHtml(dashboardUrl)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">All threats</a></p>` +
    `</td></tr>` +
    `<tr><td style="padding:16px 24px;background:#f9fafb;color:${MUTED};font-size:12px">You get this because alerts are on for your LikenessGuard account. ` +
    `<a href="${escapeHtml(settingsUrl)}" style="color:${MUTED}">Alert settings</a></td></tr>` +
    `</table></td></tr></table></body></html>`;
  return { subject: input.subject, text: `${text}\n`, html };
}

/** The one email a scan's new threats raise. */
export function renderScanAlertEmail(group: ThreatGroup): RenderedEmail {
  const nameOf = group.platformName ?? ((id: string) => id);
  const critical = group.alerting.some(isCritical) ? "Critical: " : "";
  const [only] = group.alerting;
  // One threat is named in the subject; several are counted.
  const subject =
    group.alerting.length === 1 && only
      ? `${critical}${threatTypeLabel(only.threatType)} detected on ${nameOf(only.platform)} (${matchPhrase(only.confidence)})`
      : `${critical}LikenessGuard found ${plural(group.alerting.length, "new threat")}`;
  const intro = `A scan found content that appears to use your likeness: ${plural(group.alerting.length, "new threat")} at or above your alert sensitivity.`;
  return renderThreatsEmail({ ...group, subject, intro });
}

/** Where a single-threat message leads: that threat; several: the dashboard listing them. */
function groupLink(group: ThreatGroup, threats: AlertThreat[]): string {
  const [only] = threats;
  return threats.length === 1 && only ? threatLink(group.appUrl, only.id) : `${origin(group.appUrl)}/dashboard`;
}

/**
 * One text for the scan (one SMS segment where possible): about its critical threats, or about
 * every alerting threat when texts are all that reaches the person.
 */
export function renderScanAlertSms(group: ThreatGroup): string {
  const nameOf = group.platformName ?? ((id: string) => id);
  const listed = group.smsForEveryThreat ? group.alerting : group.alerting.filter(isCritical);
  const [first] = listed;
  const what =
    listed.length === 1 && first
      ? `${threatTypeLabel(first.threatType)} on ${nameOf(first.platform)} (${matchPhrase(first.confidence)})`
      : `${plural(listed.length, group.smsForEveryThreat ? "new threat" : "critical threat")}`;
  return `LikenessGuard: ${what}. ${groupLink(group, listed)}`;
}

export function renderScanAlertPush(group: ThreatGroup): PushPayload {
  const nameOf = group.platformName ?? ((id: string) => id);
  const [first] = group.alerting;
  const critical = group.alerting.some(isCritical);
  const body =
    group.alerting.length === 1 && first
      ? threatLine(first, nameOf)
      : `${plural(group.alerting.length, "new threat")} found`;
  return {
    title: critical ? "Critical threat detected" : "Threat detected",
    body,
    // One scan, one notification: a later scan's push replaces it instead of stacking.
    tag: "scan-alert",
    url: groupLink(group, group.alerting),
    ...(group.alerting.length === 1 && first ? { threatId: first.id } : {}),
  };
}
