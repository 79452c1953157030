import type { UserProfileRecord } from "../records.js";
import type { MembershipTier } from "../table/entities.js";
import { defaultScanFrequency, platformsForTier, type ScanFrequency, TIERS } from "../tiers.js";
import { tierRank } from "./tier-policy.js";

const INTERVAL_HOURS: Record<ScanFrequency, number> = { hourly: 1, daily: 24, weekly: 168 };

/**
 * The profile once a new tier is in force. Raised, what was paid for runs from the next scan: the
 * platforms the new tier adds are chosen (the person unticks any in scan preferences), and scans
 * speed up to the tier's most frequent schedule when the saved one is slower. Lowered, nothing
 * stored is removed: scans and schedules leave out what the tier does not include
 * (tiers.ts scannablePlatforms, scan-schedule.ts effectiveFrequency), so raising again restores it.
 */
export function profileForTier(
  profile: UserProfileRecord,
  from: MembershipTier,
  to: MembershipTier,
): UserProfileRecord {
  const changed = { ...profile, membershipTier: to };
  // Nothing chosen means no scans run: a payment does not start them on the new tier's platforms alone.
  if (tierRank(to) <= tierRank(from) || profile.platforms.length === 0) return changed;
  const before = new Set(platformsForTier(from).map((p) => p.id));
  const added = platformsForTier(to)
    .map((p) => p.id)
    .filter((id) => !before.has(id) && !profile.platforms.includes(id));
  const fastest = defaultScanFrequency(to);
  const saved = profile.scanFrequency;
  const slower = !TIERS[to].scanFrequencies.includes(saved) || INTERVAL_HOURS[saved] > INTERVAL_HOURS[fastest];
  return {
    ...changed,
    platforms: [...profile.platforms, ...added],
    ...(slower ? { scanFrequency: fastest } : {}),
  };
}
