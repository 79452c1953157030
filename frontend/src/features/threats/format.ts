import type { Threat, ThreatType } from "../../api/types";
import { platformName } from "../platforms/catalogue";

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
};
const TYPE_LABELS: Record<ThreatType, string> = {
  deepfake: "Deepfake",
  voice_clone: "Voice clone",
  impersonation: "Impersonation",
};

export function threatTitle(threat: Threat): string {
  return threat.title ?? TITLES[threat.threatType] ?? "Threat Detected";
}

export function threatTypeLabel(type: ThreatType): string {
  return TYPE_LABELS[type] ?? type;
}

export function threatDescription(threat: Threat): string {
  return `${Math.round(threat.confidence)}% match confidence on ${platformName(threat.platform)}`;
}

export function statusLabel(status: string): string {
  return status.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}
