import type { IdentityMatch, IdentityMatcher } from "@lg/detection";
import { type Calibration, confidenceFromDistance, faceCalibration, voiceCalibration } from "@lg/detection";
import type { GalleryCandidate, GalleryModality } from "./gallery.js";

/** Who a gallery match is: the account, its protected person, and whether a verified sample agreed. */
export interface GalleryIdentity {
  userId: string;
  personId: string;
  verified: boolean;
}

/**
 * The detection engine names a match by one string; a gallery match must carry the account and the
 * protected person and whether a verified sample agreed, so the string encodes all three.
 */
export function encodeGalleryIdentity(identity: GalleryIdentity): string {
  return ["gallery", identity.userId, identity.personId, identity.verified ? "verified" : "unverified"]
    .map(encodeURIComponent)
    .join(":");
}

export function decodeGalleryIdentity(engineId: string): GalleryIdentity | null {
  const parts = engineId.split(":").map(decodeURIComponent);
  if (parts.length !== 4 || parts[0] !== "gallery") return null;
  const [, userId, personId, verified] = parts as [string, string, string, string];
  if (!userId || !personId || (verified !== "verified" && verified !== "unverified")) return null;
  return { userId, personId, verified: verified === "verified" };
}

/** What the matcher needs of the gallery: its shortlist-and-confirm query. */
export interface GalleryQuery {
  match(embedding: Float32Array, modality: GalleryModality): Promise<GalleryCandidate[]>;
}

const CALIBRATIONS: Record<GalleryModality, Calibration> = { face: faceCalibration, voice: voiceCalibration };

/** A confirmed gallery candidate as the engine names a match, with the scan's calibrated confidence. */
export function identityMatchOf(candidate: GalleryCandidate, modality: GalleryModality): IdentityMatch {
  return {
    personId: encodeGalleryIdentity(candidate),
    distance: candidate.distance,
    confidence: confidenceFromDistance(CALIBRATIONS[modality], candidate.distance),
  };
}

/**
 * The detection engine's identity matcher over the gallery of every enrolled person, for the shared
 * crawl. The gallery shortlists by a threshold that tightens with its size and confirms each person
 * on several of their samples (gallery.ts); the confidence is the same calibration a person's own
 * scan uses, from the nearest sample's distance. The probe is a query parameter only: nothing keeps it.
 */
export function galleryIdentityMatcher(gallery: GalleryQuery): IdentityMatcher {
  const best = async (embedding: Float32Array, modality: GalleryModality): Promise<IdentityMatch | null> => {
    const [nearest] = await gallery.match(embedding, modality);
    return nearest ? identityMatchOf(nearest, modality) : null;
  };
  return {
    matchFace: (descriptor) => best(descriptor, "face"),
    matchVoice: (embedding) => best(embedding, "voice"),
  };
}
