import { PLATFORMS, TIERS } from "@lg/domain/tiers";
import type { MembershipTier, ScanFrequency } from "../../api/types";

/**
 * The platform catalogue and the tiers are the server's own definition (packages/domain/src/tiers.ts),
 * so the screens offer exactly the platforms and schedules the API accepts for a plan.
 */
export { PLATFORMS, type Platform, type PlatformCategory, platformsForTier } from "@lg/domain/tiers";

/** Spec section 5: personal weekly; professional daily and weekly; enterprise hourly, daily and weekly. */
export function frequenciesForTier(tier: MembershipTier): ScanFrequency[] {
  return [...TIERS[tier].scanFrequencies];
}

export function platformName(id: string): string {
  return PLATFORMS.find((p) => p.id === id)?.name ?? id;
}
