import type { BaseUrlKey, ConnectorConfig, PlatformTargets } from "../config.js";
import type { AuthorRef, DiscoverOptions } from "../connector.js";
import { MissingCredentialsError } from "../errors.js";

/** What a source connector is built with: the shared config and the platform it serves. */
export interface SourceContext {
  config: ConnectorConfig;
  platformId: string;
}

export function baseUrl(ctx: SourceContext, key: BaseUrlKey): string {
  return ctx.config.baseUrls[key].replace(/\/+$/, "");
}

export function targetsOf(ctx: SourceContext): PlatformTargets {
  return ctx.config.targets[ctx.platformId] ?? { pages: [], feeds: [], channels: [] };
}

/** Whether this discovery is the shared crawl's (configured sources only, every post with media). */
export const isSharedCrawl = (options: DiscoverOptions) => options.scope === "shared";

/**
 * Why a post of a configured source is offered: the query terms it names (and `watched:` for a
 * source the person watches), or for the shared crawl `shared:<source>` when it carries media.
 */
export function offeredTerms(
  options: DiscoverOptions,
  source: string,
  hasMedia: boolean,
  personTerms: () => string[],
): string[] {
  if (isSharedCrawl(options)) return hasMedia ? [`shared:${source}`] : [];
  return personTerms();
}

export async function requireCredential(ctx: SourceContext, sourceId: string, name: string): Promise<string> {
  const value = (await ctx.config.credentials.forSource(sourceId))?.[name];
  if (!value)
    throw new MissingCredentialsError(
      `${sourceId} needs credential "${name}" (CONNECTOR_CREDENTIALS or the connector secret)`,
    );
  return value;
}

export async function optionalCredential(
  ctx: SourceContext,
  sourceId: string,
  name: string,
): Promise<string | undefined> {
  return (await ctx.config.credentials.forSource(sourceId))?.[name];
}

export function author(handle: string | undefined, displayName?: string, avatarUrl?: string): AuthorRef {
  return { handle: handle ?? "", displayName: displayName ?? handle ?? "", avatarUrl: avatarUrl ?? "" };
}

export function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, String(v));
  return search.toString();
}

/** Tracks how many candidates a discover call has produced and which it already yielded. */
export class DiscoveryBudget {
  private readonly seen = new Set<string>();
  constructor(private readonly options: DiscoverOptions) {}

  get exhausted(): boolean {
    return this.seen.size >= this.options.maxItems || !!this.options.signal?.aborted;
  }

  /** True the first time an id is offered while there is budget left. */
  admit(id: string): boolean {
    if (this.exhausted || this.seen.has(id)) return false;
    this.seen.add(id);
    return true;
  }

  pages(): number {
    return this.options.maxPages;
  }
}
