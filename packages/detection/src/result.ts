import type { IdentityMatch } from "./identity.js";

/**
 * The one answer of the detection engine. Every signal says what it found and on what evidence;
 * a signal that could not be computed is "unknown", and no signal ever claims media is "real".
 */

export type MediaKind = "image" | "video" | "audio";

export type MediaFormat =
  | "jpeg"
  | "png"
  | "webp"
  | "gif"
  | "mp4"
  | "mov"
  | "webm"
  | "wav"
  | "mp3"
  | "flac"
  | "ogg"
  | "m4a";

export interface MediaInfo {
  kind: MediaKind;
  format: MediaFormat;
  bytes: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** Video frames analysed (sampled at the configured rate). */
  framesAnalysed?: number;
  hasAudio?: boolean;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceQuality {
  /** Detector confidence 0..1. */
  detectionScore: number;
  /** Shorter side of the face box in pixels. */
  sizePx: number;
  /** Variance of the Laplacian over the face crop; low means blurred. */
  sharpness: number;
  /** Estimated yaw in degrees from landmarks; 0 is frontal, sign gives the direction. */
  yawDegrees: number;
}

export interface DetectedFace {
  /** Seconds into a video; 0 for a still image. */
  timeSeconds: number;
  box: Box;
  /** The detector's 5 landmarks in stored-image pixels: eyes, nose tip, mouth corners (image-left first). */
  landmarks: { x: number; y: number }[];
  descriptor: Float32Array;
  /** The network that computed `descriptor` ("sface-2021dec"); embeddings of different models never compare. */
  embeddingModel: string;
  quality: FaceQuality;
  match: IdentityMatch | null;
}

export interface VoiceFindings {
  speechSeconds: number;
  segments: { startS: number; endS: number }[];
  /** Null when there was too little speech to embed. */
  match: IdentityMatch | null;
}

export type SignalStatus = "present" | "absent" | "unknown";

export type SignalId =
  | "c2pa"
  | "iptc-digital-source-type"
  | "generator-metadata"
  | "sd-watermark"
  | "voice-antispoof"
  /** Whisper-encoder countermeasure for cloned / text-to-speech voices. */
  | "voice-synthetic"
  /** CLIP probe on the whole picture: AI-generated images (diffusion, GAN). */
  | "ai-image"
  /** Probe on aligned face crops: GAN faces and face swaps. */
  | "face-synthetic"
  /** MesoNet (Meso4 / MesoInception) on face crops: face swaps. */
  | "face-swap-mesonet"
  /** Blend-boundary head fitted on self-blended genuine faces (no swap method in its fit): face swaps. */
  | "face-swap-sbi"
  /** Face-forgery network (EfficientNet-Lite0 trained on self-blended genuine faces): face swaps, on face crops and face tracks. */
  | "face-forgery-net"
  | "container-metadata";

/**
 * The voice countermeasures: the only signals that can tell a cloned voice from a recorded one. They
 * keep their own operating point (the picture levels were measured on pictures), so a "synthetic"
 * from one of them is claimed as it stands (domain threats/claim-policy.ts).
 */
export const VOICE_COUNTERMEASURES: ReadonlySet<string> = new Set<SignalId>(["voice-synthetic", "voice-antispoof"]);

/**
 * Where a learned detector decides, and what it was measured to do there: the false-positive rate
 * is what the UI and notices state beside a "synthetic" reading.
 */
export interface OperatingPoint {
  threshold: number;
  /** Share of genuine media at or above the threshold, on the set named in `measuredOn`. */
  falsePositiveRate: number;
  /** Share of synthetic media at or above the threshold, on the same set. */
  truePositiveRate: number;
  /** e.g. "../shared/train held-out split, 2026-11-23". */
  measuredOn: string;
  /** How many genuine items the false-positive rate was measured on, where the fit recorded it. */
  genuineCount?: number;
  /**
   * The bar the point was chosen against, where it is a verdict level (synthetic-levels.ts): 1% for
   * "synthetic" (every genuine source held out), 5% for "possibly synthetic" (all together). A point
   * chosen against a looser bar than 1% never says "synthetic", whatever rate it measured.
   */
  maxFalsePositiveRate?: number;
}

export interface Signal {
  id: SignalId;
  /** "present": the signal found synthetic-media evidence; "absent": looked and found none. */
  status: SignalStatus;
  /** 0..1 probability the media is synthetic according to this signal alone. */
  score?: number;
  explanation: string;
  evidence: Record<string, unknown>;
  /** Learned detectors: the fitted threshold and its measured error rates. */
  operatingPoint?: OperatingPoint;
}

/**
 * Whether the media depicts nudity or sexual content (real or synthetic): what decides the TAKE IT
 * DOWN path. Not a synthetic-media signal and never fused with them.
 */
export interface IntimateFinding {
  status: SignalStatus;
  /** 0..1 explicit-content score: the classifier's Porn + Hentai mass (Sexy alone never counts). */
  score?: number;
  explanation: string;
  evidence: Record<string, unknown>;
  operatingPoint?: OperatingPoint;
}

export type VerdictKind = "synthetic" | "face-match" | "voice-match";

export interface Verdict {
  kind: VerdictKind;
  /** e.g. "likely synthetic", or the matched personId. */
  conclusion: string;
  /** 0-100. */
  confidence: number;
  /** Ids of the signals (or "face:<index>", "voice") the verdict rests on. */
  basedOn: string[];
}

export interface SyntheticScore {
  /** Fused 0..1 probability of synthetic media; null when no signal could say anything. */
  score: number | null;
  /**
   * "synthetic" only at the level whose genuine false-positive rate meets the bar (synthetic-levels.ts);
   * "possibly-synthetic" between that and the lower bar; never "real".
   */
  status: "synthetic" | "possibly-synthetic" | "no-evidence" | "unknown";
  explanation: string;
  /** The fused decision's threshold and its measured false-positive rate, when a learned fusion decided. */
  operatingPoint?: OperatingPoint;
}

export interface DetectionResult {
  media: MediaInfo;
  faces: DetectedFace[];
  voice: VoiceFindings | null;
  signals: Signal[];
  synthetic: SyntheticScore;
  /** Explicit-content reading of the pictures (image, video frames); null for audio. */
  intimate?: IntimateFinding | null;
  verdicts: Verdict[];
  timingsMs: Record<string, number>;
}
