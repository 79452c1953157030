import type { UserProfileRecord } from "../records.js";
import { TIERS } from "../tiers.js";

/** EventBridge Scheduler as scans need it: one schedule per account, replaced on change. */
export interface ScheduleApi {
  upsert(name: string, expression: string, input: Record<string, unknown>): Promise<void>;
  remove(name: string): Promise<void>;
}

export const scanScheduleName = (userId: string) => `scan-${userId}`.slice(0, 64);

const EXPRESSIONS = { hourly: "rate(1 hour)", daily: "rate(1 day)", weekly: "rate(7 days)" } as const;

/** The frequency the tier allows closest to the person's choice (a downgrade slows scans down). */
export function effectiveFrequency(profile: Pick<UserProfileRecord, "scanFrequency" | "membershipTier">) {
  const allowed = TIERS[profile.membershipTier].scanFrequencies;
  return allowed.includes(profile.scanFrequency) ? profile.scanFrequency : "weekly";
}

/** Keeps a person's scan schedule in step with their tier, frequency and platforms. */
export async function syncScanSchedule(api: ScheduleApi, profile: UserProfileRecord): Promise<string | null> {
  const name = scanScheduleName(profile.userId);
  if (profile.platforms.length === 0) {
    await api.remove(name);
    return null;
  }
  const expression = EXPRESSIONS[effectiveFrequency(profile)];
  await api.upsert(name, expression, { userId: profile.userId, trigger: "schedule" });
  return expression;
}
