import type { ConnectorConfig } from "./config.js";
import type { PlatformConnector, SourceConnector } from "./connector.js";
import { CompositePlatformConnector } from "./platform-connector.js";
import { BlueskySource } from "./platforms/bluesky.js";
import { DiscordSource } from "./platforms/discord.js";
import { EbaySource } from "./platforms/ebay.js";
import { ImageboardSource } from "./platforms/imageboard.js";
import { MastodonSource } from "./platforms/mastodon.js";
import { PastebinSource } from "./platforms/pastebin.js";
import { RedditSource } from "./platforms/reddit.js";
import { RssSource } from "./platforms/rss.js";
import type { SourceContext } from "./platforms/source-context.js";
import { TelegramSource } from "./platforms/telegram.js";
import { TikTokSource } from "./platforms/tiktok.js";
import { WebCrawlerSource } from "./platforms/web-crawler.js";
import { XSource } from "./platforms/x.js";
import { YouTubeSource } from "./platforms/youtube.js";

type SourceFactory = (ctx: SourceContext) => SourceConnector;

const youtube: SourceFactory = (c) => new YouTubeSource(c);
const reddit: SourceFactory = (c) => new RedditSource(c);
const x: SourceFactory = (c) => new XSource(c);
const bluesky: SourceFactory = (c) => new BlueskySource(c);
const mastodon: SourceFactory = (c) => new MastodonSource(c);
const telegram: SourceFactory = (c) => new TelegramSource(c);
const tiktok: SourceFactory = (c) => new TikTokSource(c);
const imageboard: SourceFactory = (c) => new ImageboardSource(c);
const pastebin: SourceFactory = (c) => new PastebinSource(c);
const ebay: SourceFactory = (c) => new EbaySource(c);
const discord: SourceFactory = (c) => new DiscordSource(c);
const rss: SourceFactory = (c) => new RssSource(c);
const web: SourceFactory = (c) => new WebCrawlerSource(c);

/**
 * Which formats each platform is scanned through. Platforms without a public search API are
 * crawled from configured public pages/feeds (CONNECTOR_TARGETS); see docs/connectors.md.
 */
export const platformSources = {
  // Personal tier
  facebook: [web],
  instagram: [web],
  twitter: [x],
  youtube: [youtube],
  reddit: [reddit],
  // Professional tier
  linkedin: [web],
  tiktok: [tiktok],
  discord: [discord],
  telegram: [telegram],
  ebay: [ebay],
  amazon: [web],
  onlyfans: [web],
  pornhub: [web],
  // Enterprise tier
  darkweb: [web],
  deepweb: [rss, web],
  pastebin: [pastebin],
  imageboards: [imageboard],
  crypto: [rss, web],
  messaging: [telegram, discord],
  // Beyond the catalogue: open networks people move to, scanned with their own public APIs.
  bluesky: [bluesky],
  mastodon: [mastodon],
} satisfies Record<string, SourceFactory[]>;

export type PlatformId = keyof typeof platformSources;

export const catalogueTiers = {
  personal: ["facebook", "instagram", "twitter", "youtube", "reddit"],
  professional: ["linkedin", "tiktok", "discord", "telegram", "ebay", "amazon", "onlyfans", "pornhub"],
  enterprise: ["darkweb", "deepweb", "pastebin", "imageboards", "crypto", "messaging"],
} as const satisfies Record<string, PlatformId[]>;

export function isPlatformId(value: string): value is PlatformId {
  return Object.hasOwn(platformSources, value);
}

export function connectorFor(platformId: string, config: ConnectorConfig): PlatformConnector {
  if (!isPlatformId(platformId)) throw new Error(`Unknown platform ${platformId}`);
  const ctx: SourceContext = { config, platformId };
  return new CompositePlatformConnector(
    platformId,
    platformSources[platformId].map((make) => make(ctx)),
    config.http,
  );
}
