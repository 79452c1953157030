import type { Threat, ThreatType } from "../../api/types";
import { platformName } from "../platforms/catalogue";
import { type MatchEvidence, matchWords } from "./match-words";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec section 9: under 1 minute 'Just now'; minutes under 60; hours under 24; then days. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hour");
  return plural(Math.floor(elapsed / DAY), "day");
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/** Spec section 9: 90 and above red, 70 and above yellow, otherwise blue. */
export function confidenceClass(confidence: number): string {
  if (confidence >= 90) return "confidence-high";
  if (confidence >= 70) return "confidence-medium";
  return "confidence-low";
}

export const CRITICAL_CONFIDENCE = 90;

const TITLES: Record<ThreatType, string> = {
  deepfake: "Deepfake Detected",
  voice_clone: "Voice Clone Detected",
  impersonation: "Impersonation Detected",
  likeness_misuse: "Likeness Used Without Consent",
  intimate_imagery: "Intimate Imagery Detected",
};
const TYPE_LABELS: Record<ThreatType, string> = {
  deepfake: "Deepfake",
  voice_clone: "Voice clone",
  impersonation: "Impersonation",
  likeness_misuse: "Likeness used without consent",
  intimate_imagery: "Intimate imagery",
};

/**
 * Critical only where the evidence supports it: the server's severity. Demo threats and older
 * answers without one fall back to the spec's confidence rule, but never for a genuine re-upload.
 */
export function isCriticalThreat(threat: Threat): boolean {
  if (threat.severity) return threat.severity === "critical";
  return threat.confidence >= CRITICAL_CONFIDENCE && threat.threatType !== "likeness_misuse";
}

/** Where the threat's takedown stands, in true words: "Filing needed" until the person filed the form. */
export function takedownLabel(threat: Threat): string | null {
  const takedown = threat.takedown;
  if (!takedown) return null;
  const on = (iso?: string) => (iso ? ` ${iso.slice(0, 10)}` : "");
  switch (takedown.state) {
    case "filing_needed":
      return "Filing needed";
    case "filed":
      return `Filed${on(takedown.filedAt)}`;
    case "sent":
      return `Notice sent${on(takedown.sentAt)}`;
    case "removed":
      return "Removed";
    case "deadline_passed":
      return "No removal by the deadline";
    case "escalated":
      return "Escalated";
    case "acknowledged":
      return "Acknowledged by the platform (as you reported)";
    case "rejected":
      return "Rejected by the platform (as you reported)";
    case "closed":
      return "Takedown case closed";
  }
}

export function threatTitle(threat: Threat): string {
  return threat.title ?? TITLES[threat.threatType] ?? "Threat Detected";
}

export function threatTypeLabel(type: ThreatType): string {
  return TYPE_LABELS[type] ?? type;
}

/** "Very strong face match on Instagram": the band of what matched, never a bare percentage. */
export function threatDescription(threat: Threat, falseMatch?: MatchEvidence): string {
  const words = matchWords(threat, falseMatch);
  const rate = words.falseMatchShort ? ` (${words.falseMatchShort})` : "";
  return `${words.label} on ${platformName(threat.platform)}${rate}`;
}

export function statusLabel(status: string): string {
  return status.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}
