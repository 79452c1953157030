import type { BiometricSampleRecord } from "../records.js";

/** The person's auto-delete choice (spec section 9): 30, 90 (default), 180 days or -1 for never. */
export type DataExpiryDays = 30 | 90 | 180 | -1;
export const DEFAULT_DATA_EXPIRY_DAYS: DataExpiryDays = 90;
export const DATA_EXPIRY_OPTIONS: readonly DataExpiryDays[] = [30, 90, 180, -1];

/** The object tag the bucket's lifecycle rules match on. */
export const AUTO_DELETE_TAG = "auto-delete";
export const autoDeleteTagValue = (days: DataExpiryDays) => (days === -1 ? "never" : `${days}d`);
export const autoDeleteTags = (days: DataExpiryDays) => ({ [AUTO_DELETE_TAG]: autoDeleteTagValue(days) });

const DAY_MS = 24 * 60 * 60 * 1000;

/** deleteAfter/expiresAt for a sample created at `createdAt`, or none when kept until deleted. */
export function sampleExpiry(
  createdAt: string,
  days: DataExpiryDays,
): Pick<BiometricSampleRecord, "deleteAfter" | "expiresAt"> {
  if (days === -1) return { deleteAfter: undefined, expiresAt: undefined };
  const at = new Date(new Date(createdAt).getTime() + days * DAY_MS);
  return { deleteAfter: at.toISOString(), expiresAt: Math.floor(at.getTime() / 1000) };
}

export const isExpired = (sample: BiometricSampleRecord, now: Date) =>
  sample.deleteAfter !== undefined && new Date(sample.deleteAfter).getTime() <= now.getTime();

/** Whole days until the earliest stored sample is deleted, or undefined when none will expire. */
export function daysUntilFirstExpiry(samples: readonly BiometricSampleRecord[], now: Date): number | undefined {
  const times = samples.flatMap((s) => (s.deleteAfter ? [new Date(s.deleteAfter).getTime()] : []));
  if (times.length === 0) return undefined;
  return Math.max(0, Math.ceil((Math.min(...times) - now.getTime()) / DAY_MS));
}
