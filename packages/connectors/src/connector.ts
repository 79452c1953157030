/**
 * The one interface every platform connector implements. Everything here is plain data so a
 * scan state machine can carry refs and candidates between steps as JSON.
 */

/** Who to look for. Empty lists are fine; a connector uses what its platform can search by. */
export interface DiscoveryQuery {
  names: string[];
  aliases: string[];
  handles: string[];
  /** Accounts, channels, boards or feeds the person asked to watch (platform-specific ids). */
  watchedAccounts: string[];
  hashtags: string[];
}

export interface DiscoverOptions {
  /** Stop after this many candidates in total. */
  maxItems: number;
  /** Stop after this many result pages per search request. */
  maxPages: number;
  signal?: AbortSignal;
  /**
   * What to read. "person" (the default): searches for the query's names, handles and watched
   * accounts, plus the posts of the configured channels, boards, feeds and pages that name them.
   * "shared": only those configured sources, offering every post that carries media whatever it
   * names (a deepfake need not name its victim), for the crawl that reads them once for everyone
   * and matches their faces and voices against the gallery of enrolled people.
   */
  scope?: DiscoveryScope;
}

export type DiscoveryScope = "person" | "shared";

/** Enough to fetch an item again later: serialisable, no live objects. */
export interface ItemRef {
  /** The source (API) that produced it, e.g. `youtube`, `x`, `4chan`. */
  sourceId: string;
  id: string;
  url: string;
}

export interface AuthorRef {
  handle: string;
  displayName: string;
  avatarUrl: string;
}

export interface CandidateItem {
  platformId: string;
  ref: ItemRef;
  url: string;
  title: string;
  author: AuthorRef;
  postedAt: string;
  mediaUrls: string[];
  /** Which query terms this item matched (name, alias, handle, hashtag, or `watched:<account>`). */
  matchedTerms: string[];
}

export interface FetchedMedia {
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface FetchedItem {
  platformId: string;
  ref: ItemRef;
  url: string;
  title: string;
  text: string;
  author: AuthorRef;
  postedAt: string;
  mediaUrls: string[];
  /** Downloaded media (capped in count and size); empty when not requested. */
  media: FetchedMedia[];
  /** Format-specific metadata kept for evidence (Open Graph tags, API fields). */
  pageMetadata: Record<string, string>;
}

export interface PlatformProfile {
  handle: string;
  displayName: string;
  avatarUrl: string;
  url: string;
  bio: string;
}

export interface FetchItemOptions {
  /** Download media bytes (default true). */
  includeMedia?: boolean;
  /** At most this many media files (default 4). */
  maxMedia?: number;
}

export interface PlatformConnector {
  readonly platformId: string;
  discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<CandidateItem>;
  fetchItem(ref: ItemRef, options?: FetchItemOptions): Promise<FetchedItem>;
  fetchProfile(handle: string): Promise<PlatformProfile>;
}

/**
 * A connector for one source (API or page format). Platforms are made of one or more sources;
 * a source's items carry its `sourceId` so the platform can route `fetchItem` back to it.
 */
export interface SourceConnector {
  readonly sourceId: string;
  discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate>;
  fetchItem(ref: ItemRef): Promise<SourceItem>;
  /** Omitted when the platform has no public notion of a profile (e.g. anonymous imageboards). */
  fetchProfile?(handle: string): Promise<PlatformProfile>;
}

export type SourceCandidate = Omit<CandidateItem, "platformId">;
export type SourceItem = Omit<FetchedItem, "platformId" | "media">;

export const emptyAuthor: AuthorRef = { handle: "", displayName: "", avatarUrl: "" };
