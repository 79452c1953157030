import type { MembershipTier } from "../table/entities.js";
import { PLATFORMS, type PlatformCategory, platformsForTier } from "../tiers.js";

/**
 * The kinds of place Settings lets a person switch on and off, as the platform catalogue groups
 * them. The chosen platforms are the one truth a scan follows: switching a kind off removes its
 * platforms from the choice, switching it on adds every platform of that kind the tier includes.
 */
export const SCAN_CATEGORIES = {
  socialMedia: ["social"],
  forums: ["forum"],
  adultSites: ["adult"],
  darkWeb: ["security"],
} as const satisfies Record<string, readonly PlatformCategory[]>;

export type ScanCategory = keyof typeof SCAN_CATEGORIES;
export type ScanCategoryFlags = Partial<Record<ScanCategory, boolean>>;

const categoryOf = (platformId: string) => PLATFORMS.find((p) => p.id === platformId)?.category;
const inCategory = (key: ScanCategory, platformId: string) =>
  (SCAN_CATEGORIES[key] as readonly string[]).includes(categoryOf(platformId) ?? "");

/** The chosen platforms after switching the given kinds on or off; kinds not given are left alone. */
export function applyScanCategories(tier: MembershipTier, chosen: readonly string[], flags: ScanCategoryFlags) {
  let platforms = [...chosen];
  for (const [key, on] of Object.entries(flags) as [ScanCategory, boolean | undefined][]) {
    if (on === undefined) continue;
    if (!on) platforms = platforms.filter((id) => !inCategory(key, id));
    else if (!platforms.some((id) => inCategory(key, id))) {
      platforms.push(
        ...platformsForTier(tier)
          .filter((p) => inCategory(key, p.id))
          .map((p) => p.id),
      );
    }
  }
  return [...new Set(platforms)];
}

/** Which kinds are switched on: those with at least one chosen platform. */
export function scanCategoriesOf(chosen: readonly string[]): Record<ScanCategory, boolean> {
  const on = (key: ScanCategory) => chosen.some((id) => inCategory(key, id));
  return { socialMedia: on("socialMedia"), forums: on("forums"), adultSites: on("adultSites"), darkWeb: on("darkWeb") };
}
