import { meetsSensitivity, SENSITIVITY_THRESHOLDS } from "../sensitivity.js";
import type { ThreatRecord } from "../threat.js";
import { isCritical } from "./critical.js";
import type { AlertChannel, PlannedAlert } from "./plan.js";
import { type NotificationSettings, parseNotificationSettings } from "./settings.js";

type Confident = Pick<ThreatRecord, "threatType" | "confidence" | "classification">;

/**
 * How one scan's (or one digest period's) new threats divide under the person's sensitivity:
 * those at or above it alert; those under it but at the lowest setting's floor (50%) are listed in
 * the same message as "low confidence" and never raise a message by themselves; the rest stay out.
 */
export function groupBySensitivity<T extends Confident>(
  threats: T[],
  settings: NotificationSettings | unknown,
): { alerting: T[]; lowConfidence: T[] } {
  const { sensitivity } = parseNotificationSettings(settings);
  const byConfidence = [...threats].sort((a, b) => b.confidence - a.confidence);
  const alerting = byConfidence.filter((t) => meetsSensitivity(t.confidence, sensitivity));
  const lowConfidence = byConfidence.filter(
    (t) => !meetsSensitivity(t.confidence, sensitivity) && t.confidence >= SENSITIVITY_THRESHOLDS.low,
  );
  return { alerting, lowConfidence };
}

export interface PlannedScanAlert<T> {
  alerting: T[];
  lowConfidence: T[];
  /** One message per channel for the whole group; empty when nothing reaches the sensitivity. */
  channels: PlannedAlert[];
}

/**
 * The alerts one scan's new threats raise: at most one message per channel for all of them. Email
 * and push follow the chosen frequency; a text goes only when a threat that alerts is critical,
 * unless texts are the person's only message channel (`smsForEveryThreat`: no email address).
 */
export function planScanAlert<T extends Confident>(
  threats: T[],
  settings: NotificationSettings | unknown,
  options: { smsForEveryThreat?: boolean } = {},
): PlannedScanAlert<T> {
  const prefs = parseNotificationSettings(settings);
  const { alerting, lowConfidence } = groupBySensitivity(threats, prefs);
  if (alerting.length === 0) return { alerting, lowConfidence, channels: [] };
  const when = prefs.frequency === "immediate" ? "now" : "digest";
  const channels: PlannedAlert[] = [];
  const add = (channel: AlertChannel, at: PlannedAlert["when"]) => channels.push({ channel, when: at });
  if (prefs.email) add("email", when);
  if (prefs.push) add("push", when);
  if (prefs.sms && (options.smsForEveryThreat || alerting.some(isCritical))) add("sms", "now");
  return { alerting, lowConfidence, channels };
}
