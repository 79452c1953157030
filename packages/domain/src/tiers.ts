import { DomainError } from "./errors.js";
import type { MembershipTier } from "./table/entities.js";
import type { ApiKeyScope } from "./table/integration-entities.js";

/**
 * The one definition of membership tiers (spec sections 3, 5 and 6): which platforms each tier
 * may scan, how often, and which features it includes. The server checks every request against it.
 */

export type PlatformCategory = "social" | "forum" | "marketplace" | "adult" | "security";
export type ScanFrequency = "hourly" | "daily" | "weekly";

export interface Platform {
  id: string;
  name: string;
  description: string;
  /** The lowest tier that includes this platform; higher tiers include everything below. */
  tier: MembershipTier;
  category: PlatformCategory;
}

export const PLATFORMS: readonly Platform[] = [
  { id: "facebook", name: "Facebook", description: "Posts, photos and videos", tier: "personal", category: "social" },
  { id: "instagram", name: "Instagram", description: "Posts, reels and stories", tier: "personal", category: "social" },
  { id: "twitter", name: "Twitter / X", description: "Posts and attached media", tier: "personal", category: "social" },
  { id: "youtube", name: "YouTube", description: "Videos and shorts", tier: "personal", category: "social" },
  { id: "reddit", name: "Reddit", description: "Posts and image galleries", tier: "personal", category: "forum" },
  {
    id: "linkedin",
    name: "LinkedIn",
    description: "Profiles and posts impersonating you",
    tier: "professional",
    category: "social",
  },
  { id: "tiktok", name: "TikTok", description: "Short videos and sounds", tier: "professional", category: "social" },
  {
    id: "discord",
    name: "Discord",
    description: "Public servers and channels",
    tier: "professional",
    category: "forum",
  },
  { id: "telegram", name: "Telegram", description: "Public channels", tier: "professional", category: "social" },
  {
    id: "ebay",
    name: "eBay",
    description: "Listings using your likeness",
    tier: "professional",
    category: "marketplace",
  },
  {
    id: "amazon",
    name: "Amazon",
    description: "Product listings using your likeness",
    tier: "professional",
    category: "marketplace",
  },
  {
    id: "onlyfans",
    name: "OnlyFans",
    description: "Public profiles and previews",
    tier: "professional",
    category: "adult",
  },
  { id: "pornhub", name: "Adult Sites", description: "Adult video platforms", tier: "professional", category: "adult" },
  {
    id: "darkweb",
    name: "Dark Web",
    description: "Onion marketplaces and forums",
    tier: "enterprise",
    category: "security",
  },
  {
    id: "deepweb",
    name: "Deep Web",
    description: "Unindexed pages and archives",
    tier: "enterprise",
    category: "security",
  },
  {
    id: "pastebin",
    name: "Data Dumps",
    description: "Paste sites and leaked data dumps",
    tier: "enterprise",
    category: "security",
  },
  {
    id: "imageboards",
    name: "Imageboards",
    description: "Anonymous image boards",
    tier: "enterprise",
    category: "forum",
  },
  {
    id: "crypto",
    name: "Crypto Scams",
    description: "Crypto promotions using your face",
    tier: "enterprise",
    category: "security",
  },
  {
    id: "messaging",
    name: "Messaging Apps",
    description: "Public groups on messaging apps",
    tier: "enterprise",
    category: "social",
  },
];

export interface TierDefinition {
  id: MembershipTier;
  name: string;
  scanFrequencies: readonly ScanFrequency[];
  autoTakedown: boolean;
  darkWebMonitoring: boolean;
  /** People protected by one account; null means set per contract rather than by the plan. */
  maxProtectedPeople: number | null;
  /** Public API keys the account may hold and the scopes they may carry (docs/public-api.md). */
  apiKeys: { keys: number; scopes: readonly ApiKeyScope[] };
}

const READ_SCOPES: readonly ApiKeyScope[] = ["threats:read", "people:read"];

export const TIERS: Readonly<Record<MembershipTier, TierDefinition>> = {
  personal: {
    id: "personal",
    name: "Personal",
    scanFrequencies: ["weekly"],
    autoTakedown: false,
    darkWebMonitoring: false,
    maxProtectedPeople: 1,
    apiKeys: { keys: 0, scopes: [] },
  },
  professional: {
    id: "professional",
    name: "Professional",
    scanFrequencies: ["daily", "weekly"],
    autoTakedown: true,
    darkWebMonitoring: false,
    maxProtectedPeople: 1,
    apiKeys: { keys: 1, scopes: READ_SCOPES },
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    scanFrequencies: ["hourly", "daily", "weekly"],
    autoTakedown: true,
    darkWebMonitoring: true,
    maxProtectedPeople: null,
    apiKeys: {
      keys: 20,
      scopes: ["threats:read", "takedowns:write", "analyses:write", "people:read", "webhooks:manage"],
    },
  },
};

const TIER_ORDER: readonly MembershipTier[] = ["personal", "professional", "enterprise"];

const tierRank = (tier: MembershipTier) => TIER_ORDER.indexOf(tier);

export function platformsForTier(tier: MembershipTier): Platform[] {
  return PLATFORMS.filter((p) => tierRank(p.tier) <= tierRank(tier));
}

/** The most frequent schedule a tier allows, used as its default. */
export function defaultScanFrequency(tier: MembershipTier): ScanFrequency {
  return TIERS[tier].scanFrequencies[0] ?? "weekly";
}

const tierName = (tier: MembershipTier) => TIERS[tier].name;

export function assertPlatformsAllowed(tier: MembershipTier, platformIds: readonly string[]): void {
  const allowed = new Set(platformsForTier(tier).map((p) => p.id));
  for (const id of platformIds) {
    if (allowed.has(id)) continue;
    const platform = PLATFORMS.find((p) => p.id === id);
    if (!platform) throw new DomainError("invalid", `Unknown platform: ${id}`);
    throw new DomainError("forbidden", `${platform.name} is available on the ${tierName(platform.tier)} plan`);
  }
}

export function assertScanFrequencyAllowed(tier: MembershipTier, frequency: ScanFrequency): void {
  if (!TIERS[tier].scanFrequencies.includes(frequency)) {
    const allowed = TIERS[tier].scanFrequencies.join(", ");
    throw new DomainError("forbidden", `${tierName(tier)} plan scans ${allowed} only, not ${frequency}`);
  }
}

export function assertAutoTakedownAllowed(tier: MembershipTier, autoTakedown: boolean): void {
  if (autoTakedown && !TIERS[tier].autoTakedown) {
    throw new DomainError("forbidden", "Automatic takedowns are available on the Professional and Enterprise plans");
  }
}

export function assertDarkWebAllowed(tier: MembershipTier, darkWeb: boolean): void {
  if (darkWeb && !TIERS[tier].darkWebMonitoring) {
    throw new DomainError("forbidden", "Dark web monitoring is available on the Enterprise plan");
  }
}

/**
 * People the account may protect: the plan's number, or for a plan whose number is not fixed
 * (Enterprise) the people its subscription pays for; null when a contract with sales sets it.
 */
export function protectedPeopleLimit(tier: MembershipTier, purchased: number | undefined): number | null {
  return TIERS[tier].maxProtectedPeople ?? purchased ?? null;
}

/** `purchased`: the protected people the subscription pays for, when it is priced per person. */
export function assertCanAddProtectedPerson(
  tier: MembershipTier,
  currentCount: number,
  purchased?: number | undefined,
): void {
  const max = TIERS[tier].maxProtectedPeople;
  if (max === null && purchased !== undefined && currentCount >= purchased) {
    // Paid for per person: the way on is buying more places, not another plan.
    throw new DomainError(
      "conflict",
      `Your ${tierName(tier)} plan pays for ${purchased} protected ${purchased === 1 ? "person" : "people"}, all in use: add people to your subscription with Manage billing in Settings to protect more`,
    );
  }
  if (max !== null && currentCount >= max) {
    throw new DomainError(
      "forbidden",
      `The ${tierName(tier)} plan protects ${max} ${max === 1 ? "person" : "people"}; upgrade to protect more`,
    );
  }
}

/** What a scan may actually cover today: the stored choice cut down to what the tier includes. */
export function scannablePlatforms(tier: MembershipTier, chosen: readonly string[]): string[] {
  const allowed = new Set(platformsForTier(tier).map((p) => p.id));
  const darkWebOk = TIERS[tier].darkWebMonitoring;
  return chosen.filter((id) => allowed.has(id) && (darkWebOk || id !== "darkweb"));
}
