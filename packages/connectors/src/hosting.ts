/**
 * Which platform hosts an item, when that is not the catalogue platform whose scan found it: the
 * "messaging" category is searched through the Telegram and Discord sources, and what it finds
 * lives on Telegram or Discord, each with its own reporting channel (the same post the "telegram"
 * or "discord" scan finds). Every other platform hosts what its own scan finds.
 */
const hostBySource: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  messaging: { telegram: "telegram", discord: "discord" },
};

/** The platform hosting an item found by `platformId`'s scan through its source `sourceId`. */
export function hostingPlatform(platformId: string, sourceId: string): string {
  return hostBySource[platformId]?.[sourceId] ?? platformId;
}
