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
  descriptor: Float32Array;
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
  | "container-metadata";

export interface Signal {
  id: SignalId;
  /** "present": the signal found synthetic-media evidence; "absent": looked and found none. */
  status: SignalStatus;
  /** 0..1 probability the media is synthetic according to this signal alone. */
  score?: number;
  explanation: string;
  evidence: Record<string, unknown>;
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
  status: "synthetic" | "no-evidence" | "unknown";
  explanation: string;
}

export interface DetectionResult {
  media: MediaInfo;
  faces: DetectedFace[];
  voice: VoiceFindings | null;
  signals: Signal[];
  synthetic: SyntheticScore;
  verdicts: Verdict[];
  timingsMs: Record<string, number>;
}
