import type { MembershipTier, ScanFrequency } from "../../api/types";

export type PlatformCategory = "social" | "forum" | "marketplace" | "adult" | "security";

export interface Platform {
  id: string;
  name: string;
  description: string;
  tier: MembershipTier;
  category: PlatformCategory;
}

/** Spec section 3 platform catalogue: each tier adds to the one below it. */
export const PLATFORMS: Platform[] = [
  {
    id: "facebook",
    name: "Facebook",
    description: "Profiles, pages and public posts",
    tier: "personal",
    category: "social",
  },
  { id: "instagram", name: "Instagram", description: "Posts, reels and stories", tier: "personal", category: "social" },
  { id: "twitter", name: "Twitter / X", description: "Posts and media", tier: "personal", category: "social" },
  { id: "youtube", name: "YouTube", description: "Videos and shorts", tier: "personal", category: "social" },
  { id: "reddit", name: "Reddit", description: "Subreddits and comments", tier: "personal", category: "forum" },
  {
    id: "linkedin",
    name: "LinkedIn",
    description: "Professional profiles and posts",
    tier: "professional",
    category: "social",
  },
  { id: "tiktok", name: "TikTok", description: "Short videos and sounds", tier: "professional", category: "social" },
  { id: "discord", name: "Discord", description: "Public servers", tier: "professional", category: "forum" },
  { id: "telegram", name: "Telegram", description: "Public channels", tier: "professional", category: "forum" },
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
    description: "Product listings and ads",
    tier: "professional",
    category: "marketplace",
  },
  {
    id: "onlyfans",
    name: "OnlyFans",
    description: "Impersonating creator accounts",
    tier: "professional",
    category: "adult",
  },
  {
    id: "pornhub",
    name: "Adult Sites",
    description: "Non-consensual intimate imagery",
    tier: "professional",
    category: "adult",
  },
  {
    id: "darkweb",
    name: "Dark Web",
    description: "Hidden services and markets",
    tier: "enterprise",
    category: "security",
  },
  { id: "deepweb", name: "Deep Web", description: "Unindexed pages", tier: "enterprise", category: "security" },
  {
    id: "pastebin",
    name: "Data Dumps",
    description: "Paste sites and leak dumps",
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
    description: "Fake endorsements and giveaways",
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

const TIER_RANK: Record<MembershipTier, number> = { personal: 0, professional: 1, enterprise: 2 };

export function platformsForTier(tier: MembershipTier): Platform[] {
  return PLATFORMS.filter((p) => TIER_RANK[p.tier] <= TIER_RANK[tier]);
}

/** Spec section 5: personal weekly; professional daily and weekly; enterprise hourly, daily and weekly. */
export function frequenciesForTier(tier: MembershipTier): ScanFrequency[] {
  if (tier === "enterprise") return ["hourly", "daily", "weekly"];
  if (tier === "professional") return ["daily", "weekly"];
  return ["weekly"];
}

export function platformName(id: string): string {
  return PLATFORMS.find((p) => p.id === id)?.name ?? id;
}
