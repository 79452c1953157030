import type { Point } from "./face-parallax.js";
import type { LivenessChallenge } from "./liveness-challenge.js";
import type { FrameLight } from "./screen-light.js";

/** What the detection engine tells enrolment about one face photo. */
export type FacePhotoAnalysis =
  | {
      ok: true;
      descriptor: Float32Array;
      yawDegrees: number;
      quality: Record<string, number>;
      /** The face's box in the photo's pixels (absent on a face a browser reported). */
      box?: { x: number; y: number; width: number; height: number };
      /** The photo's 64-bit perceptual hash, as scans hash found pictures: shows a re-post copies it. */
      perceptualHash?: string;
    }
  | { ok: false; reason: string };

/**
 * One camera frame of the live check as the engine read it: the turned-pose gates, and what the
 * liveness rules measure on top, the face's 5 landmarks and the colour of its skin and background.
 */
export type LiveFrameAnalysis =
  | (Extract<FacePhotoAnalysis, { ok: true }> & {
      box: { x: number; y: number; width: number; height: number };
      landmarks: Point[];
      light: FrameLight;
    })
  | { ok: false; reason: string };

export type VoiceAnalysis =
  | { ok: true; embedding: Float32Array; speechSeconds: number }
  | { ok: false; reason: string };

/**
 * One face as the person's own browser analysed it (zero-knowledge mode): the same pipeline's
 * numbers, but measured on a frame the server never receives, so it can check them, not re-measure.
 */
export interface ReportedFace {
  faceCount: number;
  descriptor: Float32Array;
  yawDegrees: number;
  quality: { detectionScore: number; sizePx: number; sharpness: number };
}

/**
 * A voice recording as the person's own browser analysed it (zero-knowledge mode): the speaker
 * embedding and the numbers the enrolment gates read, measured on audio the server never receives.
 */
export interface ReportedVoice {
  embedding: Float32Array;
  speechSeconds: number;
  /** How far apart the two likeliest speakers' partial windows lie (the one-speaker gate). */
  speakerSplitDistance: number;
}

/** The detection engine as enrolment needs it; reasons are sentences fit to show the person. */
export interface BiometricAnalyser {
  /**
   * Exactly one usable face: found, large and sharp enough. "frontal" also requires the face to
   * look at the camera; "turned" accepts a turned head (the left and right poses).
   */
  analyseFacePhoto(bytes: Uint8Array, pose: "frontal" | "turned"): Promise<FacePhotoAnalysis>;
  /** A live check's camera frame: analyseFacePhoto's "turned" gates, with landmarks and light (in memory only). */
  analyseLiveFrame(bytes: Uint8Array): Promise<LiveFrameAnalysis>;
  /** The same gates as analyseFacePhoto, applied to the numbers a browser reports for its frame. */
  assessReportedFace(face: ReportedFace, pose: "frontal" | "turned"): FacePhotoAnalysis;
  /** Speech present, long enough, one speaker. Accepts any supported audio container. */
  analyseVoice(bytes: Uint8Array): Promise<VoiceAnalysis>;
  /** The same gates as analyseVoice, applied to the numbers a browser reports for its recording. */
  assessReportedVoice(voice: ReportedVoice): VoiceAnalysis;
  /** What is said in a recording, as English text (the live check's phrase is looked for in it). */
  transcribe(bytes: Uint8Array): Promise<string>;
  /**
   * Loads the speech recogniser ahead of the capture it will hear, while the person takes the
   * check: loading it takes seconds, and the capture's request must answer within API Gateway's 30 s.
   */
  prepareTranscription(): Promise<void>;
  /** Whether two face descriptors belong to the same person, with the calibrated confidence 0-100. */
  sameFace(a: Float32Array, b: Float32Array): { same: boolean; confidence: number };
  /** Whether two speaker embeddings are the same speaker, with the calibrated confidence 0-100. */
  sameVoice(a: Float32Array, b: Float32Array): { same: boolean; confidence: number };
}

/** The live capture's one-use challenges. */
export interface LivenessStore {
  putChallenge(challenge: LivenessChallenge): Promise<void>;
  /** Removes and returns the challenge in one step, so two answers to it cannot both get it. */
  takeChallenge(userId: string, challengeId: string): Promise<LivenessChallenge | null>;
}

/**
 * The faces verified across accounts, which keeps one face from being verified on two: whether a
 * face is the same person (the scan's one-to-one threshold) as a verified face of another account
 * (the gallery, gallery/gallery-face-register.ts).
 */
export interface VerifiedFaceRegister {
  verifiedElsewhere(userId: string, face: Float32Array): Promise<boolean>;
  /** The other account that holds this face verified (the earliest, should there be several), or null. */
  holderOf(userId: string, face: Float32Array): Promise<string | null>;
}

/** Envelope keys (KMS): a fresh data key per embedding, wrapped by the biometric master key. */
export interface DataKeyService {
  generateDataKey(context: Record<string, string>): Promise<{ plaintext: Uint8Array; wrapped: Uint8Array }>;
  unwrapDataKey(wrapped: Uint8Array, context: Record<string, string>): Promise<Uint8Array>;
}

export interface StoredObjectInfo {
  size: number;
  contentType?: string;
}

/** The biometric bucket. Tags drive the lifecycle rule that deletes raw samples on schedule. */
export interface BiometricObjectStore {
  /** A PUT URL signed for exactly `contentLength` bytes, so the store refuses a body of any other size. */
  presignUpload(key: string, contentLength: number, expiresInSeconds: number): Promise<string>;
  /** The object key a URL from presignUpload points at, or null if it is not a URL of this bucket. */
  keyFromUploadUrl(url: string): string | null;
  head(key: string): Promise<StoredObjectInfo | null>;
  read(key: string): Promise<Uint8Array>;
  write(key: string, bytes: Uint8Array, contentType: string, tags: Record<string, string>): Promise<void>;
  setTags(key: string, tags: Record<string, string>): Promise<void>;
  /** Deletes every object and every version under the prefix; says how many of each went. */
  deleteAll(prefix: string): Promise<{ objects: number; objectVersions: number }>;
  list(prefix: string): Promise<string[]>;
}
