import { analyseMedia } from "@lg/detection";
import type { CrawlAnalyser, PersonalAnalysis } from "@lg/domain/crawl/crawl-service";
import {
  decodeGalleryIdentity,
  type GalleryQuery,
  galleryIdentityMatcher,
} from "@lg/domain/gallery/gallery-identity-matcher";
import { MATCH_FLOOR_PERCENT } from "@lg/domain/scanning/likeness-verdict";
import type { MediaToAnalyse } from "@lg/domain/scanning/scan-ports";
import { toMediaAnalysis } from "./likeness-analyser.js";

/**
 * The shared crawl's view of the detection engine: each face and voice of a crawled item is
 * compared with the gallery of every enrolled person, the costly synthetic-media signals run only
 * where someone matched, and each matched account gets the analysis as its own scan would have
 * made it, naming only its own people. The probe embeddings live only in this call.
 */
export class GalleryCrawlAnalyser implements CrawlAnalyser {
  constructor(private readonly gallery: GalleryQuery) {}

  async analyse(media: MediaToAnalyse): Promise<PersonalAnalysis[]> {
    const result = await analyseMedia(media.bytes, {
      enrolled: galleryIdentityMatcher(this.gallery),
      costlySignals: { whenLikenessAtLeast: MATCH_FLOOR_PERCENT },
    });
    const matches = [...result.faces.map((f) => f.match), result.voice?.match ?? null];
    const accounts = new Set(
      matches.flatMap((m) => {
        const identity = m ? decodeGalleryIdentity(m.personId) : null;
        return identity ? [identity.userId] : [];
      }),
    );
    return Promise.all(
      [...accounts].map(async (userId) => ({
        userId,
        analysis: await toMediaAnalysis(result, media, (engineId) => {
          const identity = decodeGalleryIdentity(engineId);
          return identity?.userId === userId
            ? { personId: identity.personId, enrolment: identity.verified ? "verified" : "unverified" }
            : null;
        }),
      })),
    );
  }
}
