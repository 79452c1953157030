import { meetsSensitivity } from "../sensitivity.js";
import type { ThreatRecord } from "../threat.js";
import { isCritical } from "./critical.js";
import { type NotificationSettings, parseNotificationSettings } from "./settings.js";

export type AlertChannel = "email" | "push" | "sms";
export interface PlannedAlert {
  channel: AlertChannel;
  when: "now" | "digest";
}

/**
 * Which alerts one threat raises. Below the person's sensitivity: none. Email and push follow the
 * chosen frequency (now, or queued for the daily/weekly digest). SMS goes only for critical threats
 * and always now: a text message in a digest would defeat its purpose.
 */
export function planAlerts(
  threat: Pick<ThreatRecord, "threatType" | "confidence" | "classification">,
  settings: NotificationSettings | unknown,
): PlannedAlert[] {
  const prefs = parseNotificationSettings(settings);
  if (!meetsSensitivity(threat.confidence, prefs.sensitivity)) return [];
  const when = prefs.frequency === "immediate" ? "now" : "digest";
  const planned: PlannedAlert[] = [];
  if (prefs.email) planned.push({ channel: "email", when });
  if (prefs.push) planned.push({ channel: "push", when });
  if (prefs.sms && isCritical(threat)) planned.push({ channel: "sms", when: "now" });
  return planned;
}
