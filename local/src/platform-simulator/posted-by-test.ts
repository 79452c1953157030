import { type MediaKind, platformOf, type SimItem, type SimSource } from "./scenario.js";
import type { SimContext } from "./sim-context.js";

/**
 * POST /__post {source, channel?, text, media: {kind, contentType, base64}}: a test posts a file of
 * its own making (an edited copy of a registered picture, say) as a new item on a platform, served
 * from then on like every other item: in its channel's listings, its searches, its public page and
 * its media URL. The answer names the item. Nothing in the product calls it.
 */
export interface TestPost {
  source: SimSource;
  /** The channel, board or feed; a web page's or feed's names its platform. Default: the source's first. */
  channel?: string;
  text: string;
  media: { kind: MediaKind; contentType: string; base64: string };
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "video/mp4": ".mp4",
  "audio/wav": ".wav",
};

/** Adds the post to the scenario; its bytes are kept in `files` under the media path it gets. */
export function postByTest(ctx: SimContext, files: Map<string, Uint8Array>, post: TestPost): SimItem {
  const { scenario } = ctx;
  const channels = scenario.channels[post.source];
  if (!channels) throw new RangeError(`Unknown source ${post.source}`);
  const channel = post.channel ?? channels[0] ?? "main";
  if (channels.length > 0 && !channels.includes(channel))
    throw new RangeError(`${post.source} has no channel ${channel}; it has ${channels.join(", ")}`);
  const extension = EXTENSIONS[post.media.contentType];
  if (!extension) throw new RangeError(`Unsupported media type ${post.media.contentType}`);
  const no = Math.max(1_000_000, ...scenario.items.map((i) => i.no)) + 1;
  const mediaPath = `posted-by-test/${no}${extension}`;
  files.set(mediaPath, new Uint8Array(Buffer.from(post.media.base64, "base64")));
  const author = scenario.accounts.find((a) => !a.impersonates) ?? scenario.accounts[0];
  if (!author) throw new Error("The scenario has no accounts to post as");
  const item: SimItem = {
    no,
    source: post.source,
    platform: platformOf(post.source, channel),
    channel,
    title: post.text.slice(0, 80),
    text: post.text,
    author,
    postedAt: new Date().toISOString(),
    media: [{ path: mediaPath, kind: post.media.kind, contentType: post.media.contentType }],
    planted: { reason: "posted-by-test", subject: mediaPath },
    synthetic: false,
  };
  // Newest first, as platforms list them.
  scenario.items.unshift(item);
  return item;
}
