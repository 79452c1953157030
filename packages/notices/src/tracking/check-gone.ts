import { createHash } from "node:crypto";

/** What a fetch of the threat URL found; the connectors' safe fetcher fills it. */
export interface FetchedContent {
  status: number;
  contentType?: string;
  /** The body when it is the media itself (image/video/audio). */
  body?: Uint8Array;
  /** SHA-256 of each media item embedded in a page, when the URL is a page. */
  embeddedMediaSha256?: string[];
}

/** Port: fetches a URL through the project's safe fetcher (SSRF rules, size limits, redirects followed). */
export type ContentFetcher = (url: string) => Promise<FetchedContent>;

export type CheckResult =
  | { outcome: "gone"; reason: "http_404" | "http_410" | "http_451" | "media_replaced" | "media_not_on_page" }
  | { outcome: "present"; reason: "media_still_served" | "page_still_up" }
  | { outcome: "inconclusive"; reason: string };

const GONE_STATUSES: Record<number, "http_404" | "http_410" | "http_451"> = {
  404: "http_404",
  410: "http_410",
  451: "http_451",
};

const MEDIA_TYPE = /^(image|video|audio)\//;

/**
 * Decides whether the reported content is gone: 404, 410 or 451 (withheld for legal reasons), or
 * the URL no longer serves the media whose SHA-256 we captured. A page with no media list is
 * "present": a page still up is not proof the media went, so we keep checking instead of guessing.
 */
export async function checkContentGone(
  url: string,
  mediaSha256: string,
  fetcher: ContentFetcher,
): Promise<CheckResult> {
  let fetched: FetchedContent;
  try {
    fetched = await fetcher(url);
  } catch (error) {
    return { outcome: "inconclusive", reason: `fetch failed: ${(error as Error).message}` };
  }
  const goneReason = GONE_STATUSES[fetched.status];
  if (goneReason) return { outcome: "gone", reason: goneReason };
  if (fetched.status < 200 || fetched.status >= 300) {
    return { outcome: "inconclusive", reason: `HTTP ${fetched.status}` };
  }
  const wanted = mediaSha256.toLowerCase();
  if (fetched.body && MEDIA_TYPE.test(fetched.contentType ?? "")) {
    const served = createHash("sha256").update(fetched.body).digest("hex");
    return served === wanted
      ? { outcome: "present", reason: "media_still_served" }
      : { outcome: "gone", reason: "media_replaced" };
  }
  if (fetched.embeddedMediaSha256) {
    const onPage = fetched.embeddedMediaSha256.some((hash) => hash.toLowerCase() === wanted);
    return onPage
      ? { outcome: "present", reason: "media_still_served" }
      : { outcome: "gone", reason: "media_not_on_page" };
  }
  return { outcome: "present", reason: "page_still_up" };
}
