import { z } from "zod";
import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  PlatformProfile,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { UnexpectedFormatError } from "../errors.js";
import { hashtags, searchTerms } from "../query-terms.js";
import { parse } from "./parse-response.js";
import { author, baseUrl, DiscoveryBudget, isSharedCrawl, qs, type SourceContext } from "./source-context.js";

const imagesView = z.object({ images: z.array(z.object({ fullsize: z.string(), thumb: z.string().optional() })) });
const videoView = z.object({ playlist: z.string(), thumbnail: z.string().optional() });
const postView = z.object({
  uri: z.string(),
  author: z.object({
    did: z.string(),
    handle: z.string(),
    displayName: z.string().default(""),
    avatar: z.string().default(""),
  }),
  record: z.object({ text: z.string().default(""), createdAt: z.string().default("") }),
  embed: z.object({ $type: z.string() }).passthrough().optional(),
});
type PostView = z.infer<typeof postView>;
const searchPosts = z.object({ posts: z.array(postView), cursor: z.string().optional() });
const authorFeed = z.object({ feed: z.array(z.object({ post: postView })), cursor: z.string().optional() });
const getPosts = z.object({ posts: z.array(postView) });
const profileView = z.object({
  handle: z.string(),
  displayName: z.string().default(""),
  avatar: z.string().default(""),
  description: z.string().default(""),
});

/** Bluesky AppView XRPC: app.bsky.feed.searchPosts, getAuthorFeed, getPosts; app.bsky.actor.getProfile. */
export class BlueskySource implements SourceConnector {
  readonly sourceId = "bluesky";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    const searches = [
      ...searchTerms(query).map((term) => ({
        term,
        nsid: "app.bsky.feed.searchPosts",
        params: { q: `"${term}"`, limit: 100 },
      })),
      ...hashtags(query).map((tag) => ({
        term: `#${tag}`,
        nsid: "app.bsky.feed.searchPosts",
        params: { q: `#${tag}`, limit: 100 },
      })),
      ...query.watchedAccounts.map((actor) => ({
        term: `watched:${actor}`,
        nsid: "app.bsky.feed.getAuthorFeed",
        params: { actor, limit: 100 },
      })),
    ];
    for (const search of searches) {
      let cursor: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const body = await this.xrpc(search.nsid, { ...search.params, cursor }, options.signal);
        const page_ =
          search.nsid === "app.bsky.feed.getAuthorFeed" ? parse(authorFeed, body) : parse(searchPosts, body);
        const posts = "feed" in page_ ? page_.feed.map((f) => f.post) : page_.posts;
        for (const p of posts) {
          if (!budget.admit(p.uri)) continue;
          yield { ...this.toItem(p), matchedTerms: [search.term] };
        }
        cursor = page_.cursor;
        if (!cursor || posts.length === 0) break;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const post = parse(getPosts, await this.xrpc("app.bsky.feed.getPosts", { uris: ref.id })).posts[0];
    if (!post) throw new UnexpectedFormatError(`Bluesky post ${ref.id} not found`);
    return this.toItem(post);
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const p = parse(profileView, await this.xrpc("app.bsky.actor.getProfile", { actor: handle.replace(/^@/, "") }));
    return {
      handle: p.handle,
      displayName: p.displayName,
      avatarUrl: p.avatar,
      url: `${baseUrl(this.ctx, "bluesky-web")}/profile/${p.handle}`,
      bio: p.description,
    };
  }

  private toItem(p: PostView): SourceItem {
    const rkey = p.uri.split("/").pop() ?? "";
    const url = `${baseUrl(this.ctx, "bluesky-web")}/profile/${p.author.handle}/post/${rkey}`;
    return {
      ref: { sourceId: this.sourceId, id: p.uri, url },
      url,
      title: p.record.text.slice(0, 120),
      text: p.record.text,
      author: author(p.author.handle, p.author.displayName, p.author.avatar),
      postedAt: p.record.createdAt,
      mediaUrls: embedMedia(p.embed),
      pageMetadata: { uri: p.uri, did: p.author.did },
    };
  }

  private xrpc(
    nsid: string,
    params: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    return this.ctx.config.http.getJson(`${baseUrl(this.ctx, "bluesky")}/xrpc/${nsid}?${qs(params)}`, { signal });
  }
}

function embedMedia(embed: PostView["embed"]): string[] {
  if (!embed) return [];
  const media = embed.$type === "app.bsky.embed.recordWithMedia#view" ? (embed as { media?: unknown }).media : embed;
  const images = imagesView.safeParse(media);
  if (images.success) return images.data.images.map((i) => i.fullsize);
  const video = videoView.safeParse(media);
  if (video.success) return [video.data.playlist, ...(video.data.thumbnail ? [video.data.thumbnail] : [])];
  return [];
}
