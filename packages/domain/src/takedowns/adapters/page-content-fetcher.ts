import { createHash } from "node:crypto";
import type { SafeHttpClient } from "@lg/connectors/http/safe-http-client";
import { extractPageMetadata } from "@lg/connectors/page/page-metadata";
import type { ContentFetcher } from "@lg/notices";

const MEDIA_TYPE = /^(image|video|audio)\//;
const HTML_TYPE = /^(text\/html|application\/xhtml\+xml)/;
/** A media URL that answers one of these no longer serves that media. */
const GONE = new Set([404, 410, 451]);

export interface PageContentFetcherOptions {
  /** Largest page or media body read; a removed item never needs more to tell. */
  maxBytes: number;
  /** At most this many media of a page are fetched; a page with more is not listed (never guessed). */
  maxMedia: number;
}

/**
 * Re-fetches a reported URL through the connectors' safe HTTP client, as a visitor sees it: the
 * status, and the media itself or, for a page, the SHA-256 of every media file the page carries
 * (Open Graph and img/video/audio tags). The media list is given only when every listed file was
 * either fetched or answered gone; any other failure leaves it out, so `checkContentGone` keeps the
 * case open ("page still up") instead of calling the content removed.
 */
export function pageContentFetcher(http: SafeHttpClient, options: PageContentFetcherOptions): ContentFetcher {
  return async (url) => {
    const response = await http.request(url, {
      maxBytes: options.maxBytes,
      headers: { accept: "text/html,application/xhtml+xml,image/*,video/*,audio/*;q=0.8,*/*;q=0.5" },
    });
    const contentType = (response.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
    if (response.status < 200 || response.status > 299 || MEDIA_TYPE.test(contentType)) {
      return { status: response.status, contentType, body: response.body };
    }
    if (!HTML_TYPE.test(contentType)) return { status: response.status, contentType };
    const { mediaUrls } = extractPageMetadata(response.body.toString("utf8"), response.url);
    if (mediaUrls.length === 0 || mediaUrls.length > options.maxMedia) return { status: response.status, contentType };
    const hashes: string[] = [];
    for (const mediaUrl of mediaUrls) {
      try {
        const media = await http.request(mediaUrl, { maxBytes: options.maxBytes });
        if (GONE.has(media.status)) continue;
        if (media.status < 200 || media.status > 299) return { status: response.status, contentType };
        hashes.push(createHash("sha256").update(media.body).digest("hex"));
      } catch {
        return { status: response.status, contentType };
      }
    }
    return { status: response.status, contentType, embeddedMediaSha256: hashes };
  };
}
