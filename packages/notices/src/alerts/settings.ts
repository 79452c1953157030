import { z } from "zod";
import { DEFAULT_SENSITIVITY, SENSITIVITIES } from "../sensitivity.js";

/**
 * The profile's `notificationSettings` with the spec's defaults (email on, push on, sms off,
 * immediate, high). The profile keeps unknown fields, so parsing ignores them; a bad value falls
 * back to its default rather than silencing all alerts.
 */
export const NotificationSettings = z.object({
  email: z.boolean().catch(true).default(true),
  push: z.boolean().catch(true).default(true),
  sms: z.boolean().catch(false).default(false),
  frequency: z.enum(["immediate", "daily", "weekly"]).catch("immediate").default("immediate"),
  sensitivity: z.enum(SENSITIVITIES).catch(DEFAULT_SENSITIVITY).default(DEFAULT_SENSITIVITY),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
export type AlertFrequency = NotificationSettings["frequency"];

export function parseNotificationSettings(raw: unknown): NotificationSettings {
  return NotificationSettings.parse(typeof raw === "object" && raw !== null ? raw : {});
}
