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

/** The catalogue platforms whose scans find items hosted on `host`: the host, and each category searching it. */
export function platformsFinding(host: string): string[] {
  const categories = Object.entries(hostBySource).filter(([, hosts]) => Object.values(hosts).includes(host));
  return [host, ...categories.map(([platformId]) => platformId)];
}

/** The platforms a category is searched through (messaging: Telegram and Discord); none for a platform of its own. */
export function categoryParts(platformId: string): string[] {
  return Object.values(hostBySource[platformId] ?? {});
}
