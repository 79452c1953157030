import type { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { z } from "zod";
import { type CredentialsProvider, StaticCredentialsProvider } from "./credentials/credentials-provider.js";
import { SecretsManagerCredentialsProvider } from "./credentials/secrets-manager-credentials.js";
import { SafeHttpClient, type SafeHttpOptions } from "./http/safe-http-client.js";

/** Every API or page format a connector speaks, with the real public origin it talks to. */
export const defaultBaseUrls = {
  youtube: "https://www.googleapis.com",
  reddit: "https://www.reddit.com",
  x: "https://api.x.com",
  bluesky: "https://public.api.bsky.app",
  mastodon: "https://mastodon.social",
  telegram: "https://t.me",
  tiktok: "https://open.tiktokapis.com",
  "tiktok-web": "https://www.tiktok.com",
  "4chan": "https://a.4cdn.org",
  "4chan-media": "https://i.4cdn.org",
  pastebin: "https://scrape.pastebin.com",
  ebay: "https://api.ebay.com",
  discord: "https://discord.com",
  "discord-cdn": "https://cdn.discordapp.com",
  // Public web origins, used for item and profile links shown to people and put in notices.
  "youtube-web": "https://www.youtube.com",
  "x-web": "https://x.com",
  "bluesky-web": "https://bsky.app",
  "4chan-web": "https://boards.4chan.org",
} as const;

export type BaseUrlKey = keyof typeof defaultBaseUrls;

const targetSchema = z.object({
  /** Public pages the web crawler starts from (Open Graph, img/video/audio tags, one level of links). */
  pages: z.array(z.string().url()).default([]),
  /** RSS 2.0 / Atom feeds. */
  feeds: z.array(z.string().url()).default([]),
  /** Channels, boards or servers to watch always, besides the person's own watched accounts. */
  channels: z.array(z.string()).default([]),
  /** Public profile page, `{handle}` replaced, for platforms whose profiles are only pages. */
  profileUrl: z.string().optional(),
});
export type PlatformTargets = z.infer<typeof targetSchema>;

export interface ConnectorConfig {
  baseUrls: Record<BaseUrlKey, string>;
  targets: Partial<Record<string, PlatformTargets>>;
  http: SafeHttpClient;
  credentials: CredentialsProvider;
}

const envSchema = z.object({
  CONNECTOR_BASE_URLS: z.string().optional(),
  CONNECTOR_TARGETS: z.string().optional(),
  CONNECTOR_ALLOWED_HOSTS: z.string().optional(),
  CONNECTOR_SOCKS_PROXY: z.string().optional(),
  CONNECTOR_CREDENTIALS: z.string().optional(),
  CONNECTOR_SECRET_ARN: z.string().optional(),
  /** JSON `{ "<host[:port]>": { "burst": n, "perSecond": n } }`; other hosts get the default. */
  CONNECTOR_RATE_LIMITS: z.string().optional(),
});

const rateLimitsSchema = z.record(
  z.string(),
  z.object({ burst: z.number().positive(), perSecond: z.number().positive() }),
);
const defaultRateLimit = { burst: 5, perSecond: 5 };

const baseUrlsSchema = z.record(z.string(), z.string().url());
const targetsSchema = z.record(z.string(), targetSchema);

export interface ConfigParts {
  baseUrls?: Partial<Record<BaseUrlKey, string>>;
  targets?: Record<string, Partial<PlatformTargets>>;
  credentials?: CredentialsProvider;
  http?: SafeHttpOptions;
}

export function createConnectorConfig(parts: ConfigParts = {}): ConnectorConfig {
  return {
    baseUrls: { ...defaultBaseUrls, ...parts.baseUrls },
    targets: targetsSchema.parse(parts.targets ?? {}),
    http: new SafeHttpClient(parts.http),
    credentials: parts.credentials ?? new StaticCredentialsProvider({}),
  };
}

/**
 * Reads the configuration from the environment. Origins default to the real platforms; the local
 * stack points them at the platform simulator and allowlists its address. Credentials come from
 * Secrets Manager when CONNECTOR_SECRET_ARN is set, else from CONNECTOR_CREDENTIALS JSON. The
 * functions pass their container's one traced client (lambdas/src/shared/aws/clients.ts, where
 * every SDK client is built), so this package builds none.
 */
export function connectorConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  secretsManager?: () => SecretsManagerClient,
): ConnectorConfig {
  const e = envSchema.parse(env);
  if (e.CONNECTOR_SECRET_ARN && !secretsManager) {
    throw new Error("CONNECTOR_SECRET_ARN is set but no Secrets Manager client was passed to read it");
  }
  const credentials =
    e.CONNECTOR_SECRET_ARN && secretsManager
      ? new SecretsManagerCredentialsProvider(secretsManager(), e.CONNECTOR_SECRET_ARN)
      : StaticCredentialsProvider.fromJson(e.CONNECTOR_CREDENTIALS);
  return createConnectorConfig({
    baseUrls: e.CONNECTOR_BASE_URLS ? baseUrlsSchema.parse(JSON.parse(e.CONNECTOR_BASE_URLS)) : {},
    targets: e.CONNECTOR_TARGETS ? targetsSchema.parse(JSON.parse(e.CONNECTOR_TARGETS)) : {},
    credentials,
    http: {
      rateLimit: rateLimitFor(
        e.CONNECTOR_RATE_LIMITS ? rateLimitsSchema.parse(JSON.parse(e.CONNECTOR_RATE_LIMITS)) : {},
      ),
      allowedHosts: (e.CONNECTOR_ALLOWED_HOSTS ?? "").split(",").filter(Boolean),
      ...(e.CONNECTOR_SOCKS_PROXY ? { socksProxy: e.CONNECTOR_SOCKS_PROXY } : {}),
    },
  });
}

/** The limiter keys buckets by `host[:port]` as in the URL. */
function rateLimitFor(limits: Record<string, { burst: number; perSecond: number }>) {
  return (host: string) => limits[host.toLowerCase()] ?? defaultRateLimit;
}
