import type { ItemRef, PlatformProfile, SourceItem } from "../connector.js";
import type { SafeHttpClient } from "../http/safe-http-client.js";
import { extractPageMetadata } from "../page/page-metadata.js";
import { author } from "./source-context.js";

const mediaType = /^(image|video|audio)\//;

/** Reads one public page as an item: Open Graph first, then media tags. A media URL is its own item. */
export async function fetchPageItem(http: SafeHttpClient, ref: ItemRef, signal?: AbortSignal): Promise<SourceItem> {
  const response = await http.expectOk(ref.url, {
    signal,
    headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.5" },
  });
  const contentType = response.headers["content-type"] ?? "";
  if (mediaType.test(contentType)) {
    return {
      ref,
      url: response.url,
      title: "",
      text: "",
      author: author(""),
      postedAt: "",
      mediaUrls: [response.url],
      pageMetadata: { contentType },
    };
  }
  const page = extractPageMetadata(response.body.toString("utf8"), response.url);
  const m = page.meta;
  return {
    ref,
    url: m["og:url"] ?? response.url,
    title: page.title,
    text: `${page.description}\n${page.text}`.trim(),
    author: author(
      m["profile:username"] ?? m.author ?? m["twitter:creator"] ?? "",
      m.author ?? m["og:site_name"],
      undefined,
    ),
    postedAt: m["article:published_time"] ?? "",
    mediaUrls: page.mediaUrls,
    pageMetadata: m,
  };
}

/** A profile that only exists as a public page, read from its Open Graph tags. */
export async function fetchPageProfile(http: SafeHttpClient, url: string, handle: string): Promise<PlatformProfile> {
  const html = await http.getText(url, { headers: { accept: "text/html" } });
  const page = extractPageMetadata(html, url);
  return {
    handle,
    displayName: page.title,
    avatarUrl: page.meta["og:image"] ? (page.mediaUrls[0] ?? "") : "",
    url: page.meta["og:url"] ?? url,
    bio: page.description,
  };
}
