import type { IdentityMatch, MatchLimit } from "../identity.js";
import type { Point } from "./face-pipeline.js";

/**
 * How far a face match can be believed, given the face it was made on. The face calibration
 * (calibration.ts) was fitted on whole, clear photos, and there its curve saturates: nearly every
 * true match reads 99-100%. A small, partial or unclear face gives the embedder less to go on, so
 * the same curve would overstate it. Such a match keeps its calibrated reading for the record but
 * is stated no higher than the band its face supports, on the scale the alert sensitivities use
 * (high 90, medium 70, low 50): a thumbnail or a half-cropped face never reads as a very strong
 * match, never alerts a person who chose "high", and never sends an automatic takedown (90%+).
 */

/**
 * Eye distance (analysed pixels) from which the face benchmark's stress test keeps 95% of true
 * matches at a 1-in-1,000 false-match rate (docs/benchmarks/detection.json face.stress: 95.4% at
 * 16 px, 86.3% at 12 px, 81.7% at 10 px, against 100% on the full photos).
 */
export const FULL_FACE_EYE_DISTANCE_PX = 16;
/** The smallest eye distance the stress test measured: below it nothing was measured to rely on. */
export const SMALLEST_MEASURED_EYE_DISTANCE_PX = 10;
/**
 * OpenCV's own threshold for YuNet on portraits: a face kept below it (the product keeps faces from
 * 0.6, yunet.ts) is one the detector itself is unsure of, usually covered, blurred or turned away.
 */
export const CLEAR_FACE_DETECTION_SCORE = 0.9;

/** Highest confidence each limit allows: just under the sensitivity level it must not reach. */
export const LIMIT_CEILINGS: Record<MatchLimit, number> = {
  /** 10-16 px between the eyes: measured, but with fewer true matches kept: below "high" (90). */
  "small-face": 89.9,
  /** Under 10 px: smaller than anything measured: below "medium" (70). */
  "tiny-face": 69.9,
  /** An eye, the nose or a mouth corner outside the picture: half a face: below "medium" (70). */
  "partial-face": 69.9,
  /** The detector's own score under its portrait threshold (covered, blurred, turned): below "high" (90). */
  "unclear-face": 89.9,
};

export interface FaceSeen {
  /** The detector's 5 landmarks in the analysed picture's pixels: eyes, nose tip, mouth corners. */
  landmarks: Point[];
  score: number;
}

/** What limits a match made on this face, in the order a person reads them (size, then framing, then clarity). */
export function faceLimits(face: FaceSeen, picture: { width: number; height: number }): MatchLimit[] {
  const limits: MatchLimit[] = [];
  const [leftEye, rightEye] = face.landmarks;
  const eyeDistance = leftEye && rightEye ? Math.hypot(rightEye.x - leftEye.x, rightEye.y - leftEye.y) : 0;
  if (eyeDistance < SMALLEST_MEASURED_EYE_DISTANCE_PX) limits.push("tiny-face");
  else if (eyeDistance < FULL_FACE_EYE_DISTANCE_PX) limits.push("small-face");
  const outside = (p: Point) => p.x < 0 || p.y < 0 || p.x >= picture.width || p.y >= picture.height;
  if (face.landmarks.length < 5 || face.landmarks.some(outside)) limits.push("partial-face");
  if (face.score < CLEAR_FACE_DETECTION_SCORE) limits.push("unclear-face");
  return limits;
}

/** The match as it may be stated: capped at the lowest ceiling of its limits, the calibrated reading kept beside it. */
export function limitFaceMatch(match: IdentityMatch | null, limits: readonly MatchLimit[]): IdentityMatch | null {
  if (!match || limits.length === 0) return match;
  const ceiling = Math.min(...limits.map((limit) => LIMIT_CEILINGS[limit]));
  if (match.confidence <= ceiling) return { ...match, limitedBy: [...limits] };
  return { ...match, confidence: ceiling, calibratedConfidence: match.confidence, limitedBy: [...limits] };
}
