import { pdqProbesOf } from "@lg/detection/hashing/pdq-media";
import { MediaError } from "@lg/detection/media/errors";
import { DynamoRegisteredHashes } from "@lg/domain/registered-images/adapters/dynamo-registered-hashes";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { type MediaProbe, RegisteredImageMatcher } from "@lg/domain/registered-images/registered-image-matcher";
import { RegisteredImageService } from "@lg/domain/registered-images/registered-image-service";
import type { RegisteredImageScanner } from "@lg/domain/registered-images/registered-image-verdict";
import { dynamo } from "../aws/clients.js";
import { dataKeys } from "../biometrics/services.js";
import { gallerySql } from "../gallery/services.js";
import { once } from "../once.js";
import { env } from "./env.js";

/** Registered intimate-image hashes: sealed in the table, indexed in the gallery database. */
export const pdqIndex = once(() => new PdqIndex(gallerySql()));
export const registeredImageService = once(
  () =>
    new RegisteredImageService({
      store: new DynamoRegisteredHashes(dynamo, env().TABLE_NAME),
      keys: dataKeys(),
      index: pdqIndex(),
      now: () => new Date(),
    }),
);

export const registeredImageMatcher = once(() => new RegisteredImageMatcher(pdqIndex()));

/**
 * A scan's question: does this found file match one of the account's registered images? A file no
 * decoder reads matches nothing (the likeness analysis reports it); audio has no picture to hash.
 */
const probesOf = (bytes: Uint8Array) =>
  pdqProbesOf(bytes).catch((error: unknown) => {
    if (error instanceof MediaError) return [];
    throw error;
  });

export const registeredImageScanner = once(
  (): RegisteredImageScanner => ({
    async matchFor(userId, media) {
      const probes = media.probes ?? (await probesOf(media.bytes));
      const [closest] = await registeredImageMatcher().match(probes, { userId });
      return closest ?? null;
    },
    async holdsAny(userId) {
      return (await registeredImageService().list(userId)).count > 0;
    },
  }),
);

/**
 * The crawl's question: whose registered images does this file match? The closest hash of each
 * account. The probes the analysis made from its decode are used when given.
 */
export const registeredImageCrawlMatcher = once(() => ({
  async matchesFor(media: { bytes: Uint8Array; probes?: MediaProbe[] }, options: { onlyOwner?: string } = {}) {
    const within = options.onlyOwner ? { userId: options.onlyOwner } : undefined;
    const matches = await registeredImageMatcher().match(media.probes ?? (await probesOf(media.bytes)), within);
    // Closest first: the first of each account is its closest.
    return matches.filter((m, i) => matches.findIndex((n) => n.userId === m.userId) === i);
  },
}));
