import type { PdqProbe } from "@lg/detection/hashing/pdq-media";
import type { DetectionResult } from "@lg/detection/result";
import type { CrawlAnalyser, CrawlAnalysis, PersonalAnalysis } from "@lg/domain/crawl/crawl-service";
import type { GalleryCandidate, GalleryModality } from "@lg/domain/gallery/gallery";
import {
  decodeGalleryIdentity,
  type GalleryQuery,
  galleryIdentityMatcher,
  identityMatchOf,
} from "@lg/domain/gallery/gallery-identity-matcher";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { MATCH_FLOOR_PERCENT } from "@lg/domain/scanning/likeness-verdict";
import type { MediaToAnalyse } from "@lg/domain/scanning/scan-ports";
import { toMediaAnalysis } from "../analysis/likeness-analyser.js";
import { type AnalysisCaching, analyseThroughCache } from "../analysis/services.js";

/** An account a gallery sample's owner is protected by, and the owner's id and name there. */
export interface Protection {
  userId: string;
  personId: string;
  displayName: string;
}

/**
 * The shared crawl's view of the detection engine: each face and voice of a crawled item is
 * compared with the gallery of every enrolled person, the costly synthetic-media signals run only
 * where someone matched, and each account protecting a matched person (the person's own, and each
 * that invited them) gets the analysis its own scan would have made, naming only its own person.
 * The probe embeddings live only in this call.
 */
export class GalleryCrawlAnalyser implements CrawlAnalyser {
  constructor(
    private readonly gallery: GalleryQuery & {
      matchWithin(userId: string, embedding: Float32Array, modality: GalleryModality): Promise<GalleryCandidate[]>;
    },
    /** Who protects the owner of matched samples: their own account first, then those they accepted. */
    private readonly protections: (ownerUserId: string) => Promise<Protection[]>,
    /** The analysis cache shared with people's scans: media one of them analysed costs matching alone. */
    private readonly caching?: AnalysisCaching,
  ) {}

  async analyse(
    media: MediaToAnalyse,
    options: { onlyOwner?: string; mediaSha256?: string } = {},
  ): Promise<CrawlAnalysis> {
    const { onlyOwner } = options;
    // A newcomer's look-back compares with their samples alone.
    const gallery: GalleryQuery = onlyOwner
      ? { match: (embedding, modality) => this.gallery.matchWithin(onlyOwner, embedding, modality) }
      : this.gallery;
    // The engine keeps the nearest person per face; every confirmed person is kept here, so a face
    // enrolled in two accounts reaches both.
    const faceCandidates = new Map<Float32Array, GalleryCandidate[]>();
    let voiceCandidates: GalleryCandidate[] = [];
    const recording: GalleryQuery = {
      match: async (embedding, modality) => {
        const candidates = await gallery.match(embedding, modality);
        if (modality === "face") faceCandidates.set(embedding, candidates);
        else voiceCandidates = candidates;
        return candidates;
      },
    };
    let pdqProbes: PdqProbe[] | undefined;
    const result = await analyseThroughCache(this.caching, media.bytes, options.mediaSha256, {
      enrolled: galleryIdentityMatcher(recording),
      costlySignals: { whenLikenessAtLeast: MATCH_FLOOR_PERCENT },
      // The registered-image match hashes the pixels decoded here, rather than decoding the file again.
      onPdqProbes: (probes) => {
        pdqProbes = probes;
      },
    });
    const owners = new Set([...[...faceCandidates.values()].flat(), ...voiceCandidates].map((c) => c.userId));
    const analyses: PersonalAnalysis[] = [];
    for (const owner of owners) {
      const theirs = (candidates: GalleryCandidate[] | undefined, modality: GalleryModality) => {
        const candidate = candidates?.find((c) => c.userId === owner);
        return candidate ? identityMatchOf(candidate, modality) : null;
      };
      // The result as matched against this owner's samples: each face's and the voice's match is theirs.
      const ownView: DetectionResult = {
        ...result,
        faces: result.faces.map((face) => ({ ...face, match: theirs(faceCandidates.get(face.descriptor), "face") })),
        voice: result.voice ? { ...result.voice, match: theirs(voiceCandidates, "voice") } : null,
      };
      for (const protection of await this.protections(owner)) {
        const analysis = await toMediaAnalysis(ownView, media, (engineId) => {
          const identity = decodeGalleryIdentity(engineId);
          if (identity?.userId !== owner) return null;
          // A person an account protects enrols in their own user as "self"; there they are that account's person.
          const own = protection.userId === owner;
          if (!own && identity.personId !== SELF_PERSON_ID) return null;
          const personId = own ? identity.personId : protection.personId;
          return { personId, enrolment: identity.verified ? "verified" : "unverified" };
        });
        const person = { personId: protection.personId, displayName: protection.displayName };
        if (analysis.face || analysis.voice) analyses.push({ userId: protection.userId, person, analysis });
      }
    }
    return { analyses, ...(pdqProbes ? { pdqProbes } : {}) };
  }
}
