import { intimateFindingForFrames } from "./explicit/video-finding.js";
import { sbiNetOverTrack, whySbiNetIsSilent } from "./faceswap/sbi-net-signal.js";
import { faceSwapSbiOverFrames, whySbiIsSilent } from "./faceswap/sbi-signal.js";
import { mesonetSignal } from "./faceswap/signal.js";
import { whyDetectorLeftOut, whyReadingCannotChangeVerdict } from "./fusion.js";
import type { DecodedImage } from "./media/image.js";
import type { DetectedFace, IntimateFinding, MediaFormat, Signal, SignalId } from "./result.js";
import { aiImageSignal, faceSyntheticSignal } from "./synthetic-image/signals.js";
import { aggregateFrameScores } from "./video-aggregation.js";

/**
 * A video's picture signals: the sampled frames go through the same learned detectors as a still
 * picture (the CLIP probes and MesoNet) and the explicit-content classifier, and each detector's
 * frame readings become one reading, the robust top-k mean over time (video-aggregation.ts), with
 * the frames that carry it kept as evidence. The aggregate is decided at the detector's own
 * operating point, which was measured on single pictures: the explanation says so.
 */

/**
 * The learned detectors that read pictures (stills and video frames). The SBI face-swap head joins
 * them only when its fit let it state a level (sbi-head.json speaksAt); otherwise it is not computed.
 */
export const LEARNED_PICTURE_SIGNALS: readonly SignalId[] = [
  "ai-image",
  "face-synthetic",
  "face-swap-mesonet",
  ...(whySbiIsSilent() === null ? (["face-swap-sbi"] as const) : []),
  ...(whySbiNetIsSilent() === null ? (["face-forgery-net"] as const) : []),
];

/** Frames read by the picture detectors (MesoNet, the explicit-content classifier), spread over the clip. */
export const MAX_FRAMES_FOR_SYNTHETIC_SIGNALS = 8;

/**
 * Seconds of footage per frame the CLIP probes read. A frame costs one CLIP pass for the whole
 * picture and, where a face is smaller than the picture, one for the face (about 0.18 CPU-s each),
 * while MesoNet and the explicit-content classifier cost under 0.01 s a frame; so the CLIP probes
 * read one frame per 4 s of footage, never fewer than 3 (the top-k mean's k) nor more than the 8
 * frames the other detectors read: a 10 s clip costs 3 frames' passes, not 8.
 */
export const SECONDS_PER_CLIP_FRAME = 4;
export const MIN_CLIP_FRAMES = 3;

/** How many frames the CLIP probes read of a clip this long. */
export function clipFramesFor(durationSeconds: number): number {
  const byLength = Math.ceil(durationSeconds / SECONDS_PER_CLIP_FRAME);
  return Math.min(MAX_FRAMES_FOR_SYNTHETIC_SIGNALS, Math.max(MIN_CLIP_FRAMES, byLength));
}

export interface AnalysedFrame {
  timeSeconds: number;
  image: DecodedImage;
  faces: DetectedFace[];
}

/** Up to `max` frames evenly spread over the clip, preferring frames with a face where there are enough. */
export function framesToRead<T extends { faces: unknown[] }>(
  frames: readonly T[],
  max = MAX_FRAMES_FOR_SYNTHETIC_SIGNALS,
): T[] {
  const withFaces = frames.filter((frame) => frame.faces.length > 0);
  const pool = withFaces.length >= Math.min(max, frames.length) ? withFaces : [...frames];
  if (pool.length <= max) return pool;
  return Array.from({ length: max }, (_, i) => pool[Math.floor(((i + 0.5) * pool.length) / max)] as T);
}

/**
 * One detector's reading of a clip from its readings of single frames: the robust top-k mean of the
 * frames' scores, decided at the detector's own (picture) operating point, the frames it rests on
 * kept as evidence; unknown when no frame could be read.
 */
export function aggregateOverFrames(id: SignalId, readings: { timeSeconds: number; signal: Signal }[]): Signal {
  const scored = readings.filter((r) => typeof r.signal.score === "number");
  const aggregated = aggregateFrameScores(scored.map((r) => ({ timeSeconds: r.timeSeconds, score: r.signal.score })));
  const first = readings[0]?.signal;
  if (aggregated.score === null || !first) {
    return {
      id,
      status: "unknown",
      explanation: first
        ? `Not computed on any frame: ${first.explanation}`
        : "No frame was read; this says nothing about whether the video is synthetic",
      evidence: { framesRead: 0 },
    };
  }
  const operatingPoint = scored.find((r) => r.signal.operatingPoint)?.signal.operatingPoint;
  const notEvidence = scored.some((r) => r.signal.evidence.notEvidence === true);
  const present = !notEvidence && operatingPoint !== undefined && aggregated.score >= operatingPoint.threshold;
  const frames = aggregated.frames.map((frame) => ({
    timeSeconds: frame.timeSeconds,
    score: Number(frame.score.toFixed(4)),
  }));
  const over = `mean of the ${frames.length} highest of ${aggregated.framesRead} frames read (${frames.map((f) => `${f.timeSeconds.toFixed(1)} s`).join(", ")})`;
  const rule = operatingPoint
    ? `the picture threshold ${operatingPoint.threshold.toFixed(3)}, at which ${(operatingPoint.falsePositiveRate * 100).toFixed(1)}% of genuine pictures were flagged on ${operatingPoint.measuredOn}`
    : "no measured threshold";
  return {
    id,
    status: present ? "present" : "absent",
    score: notEvidence ? 0 : aggregated.score,
    explanation: present
      ? `${aggregated.score.toFixed(3)}, the ${over}, is at or above ${rule}`
      : `${aggregated.score.toFixed(3)}, the ${over}, is below ${rule}${notEvidence ? " (this detector's reading is not evidence)" : ""}; this does not prove the video genuine`,
    evidence: {
      framesRead: aggregated.framesRead,
      frames,
      perFrame: first.evidence.model ? { model: first.evidence.model } : {},
    },
    ...(operatingPoint ? { operatingPoint } : {}),
  };
}

export interface VideoPictureSignals {
  signals: Signal[];
  intimate: IntimateFinding | null;
}

/**
 * Each detector's reading of a frame, made once per image: a repeated frame (sampleVideo gives it
 * as the same image object) is read again at no cost, and counts at its own time.
 */
function readOncePerImage() {
  const readings = new Map<unknown, Map<string, Promise<unknown>>>();
  return <T>(pixels: object, detector: string, read: () => Promise<T>): Promise<T> => {
    const byDetector = readings.get(pixels) ?? new Map<string, Promise<unknown>>();
    readings.set(pixels, byDetector);
    const known = byDetector.get(detector);
    if (known) return known as Promise<T>;
    const reading = read();
    byDetector.set(detector, reading);
    return reading;
  };
}

/** The learned picture signals and the explicit-content reading of a video's sampled frames. */
export async function videoPictureSignals(
  frames: readonly AnalysedFrame[],
  format: MediaFormat,
  /** Signals already read (the container's declarations), for the verdict bound below. */
  known: Signal[] = [],
  /** The clip's length: how many frames the CLIP probes read (clipFramesFor); all 8 when not given. */
  durationSeconds = Number.POSITIVE_INFINITY,
): Promise<VideoPictureSignals> {
  const read = framesToRead(frames);
  const readByClip = framesToRead(frames, clipFramesFor(durationSeconds));
  const once = readOncePerImage();
  const byDetector = new Map<SignalId, { timeSeconds: number; signal: Signal }[]>();
  const note = (timeSeconds: number, signal: Signal) => {
    const list = byDetector.get(signal.id) ?? [];
    list.push({ timeSeconds, signal });
    byDetector.set(signal.id, list);
  };
  const ids = LEARNED_PICTURE_SIGNALS;
  const leftOut = new Map(ids.map((id) => [id, whyDetectorLeftOut(id, "video")]));
  const runs = (id: SignalId) => !leftOut.get(id);
  for (const frame of readByClip)
    if (runs("ai-image")) note(frame.timeSeconds, await aiImageSignal({ ...frame.image, format }));
  // As for a picture: a face's own CLIP pass runs only when its reading could change the verdict,
  // judged against the whole frames' aggregated reading.
  const wholeFrames = byDetector.get("ai-image");
  const bounded = [...known, ...(wholeFrames ? [aggregateOverFrames("ai-image", wholeFrames)] : [])];
  const skipOwnPass = () => whyReadingCannotChangeVerdict("face-synthetic", "video", bounded);
  for (const frame of readByClip) {
    if (frame.faces.length === 0 || !runs("face-synthetic")) continue;
    const image = { ...frame.image, format };
    const reading = once(frame.image.pixels, "face-synthetic", () =>
      faceSyntheticSignal(image, frame.faces, { skipOwnPass }),
    );
    note(frame.timeSeconds, await reading);
  }
  // The SBI head reads the class tokens of face-synthetic's crop passes, on the frames it made them
  // for, and makes none of its own: a pass per frame would take the footage over its CPU budget.
  const sbi =
    ids.includes("face-swap-sbi") && runs("face-swap-sbi")
      ? await faceSwapSbiOverFrames(
          readByClip
            .filter((frame) => frame.faces.length > 0)
            .map((frame) => ({ ...frame, image: { ...frame.image, format } })),
          undefined,
          {
            ownPass: false,
            whyNoSharedPass: runs("face-synthetic")
              ? undefined
              : "the synthetic-face detector is left out of the fitted video fusion, so it makes no crop passes",
          },
        )
      : undefined;
  // The face-forgery network reads the matched person's face track: every sampled frame, not only
  // those read above (about 0.03 CPU-s a face, well inside the footage's budget with a match).
  const forgery =
    ids.includes("face-forgery-net") && runs("face-forgery-net")
      ? await sbiNetOverTrack(frames.map((frame) => ({ ...frame, image: { ...frame.image, format } })))
      : undefined;
  for (const frame of read) {
    if (frame.faces.length === 0 || !runs("face-swap-mesonet")) continue;
    const image = { ...frame.image, format };
    note(
      frame.timeSeconds,
      await once(frame.image.pixels, "face-swap-mesonet", () => mesonetSignal(image, frame.faces)),
    );
  }
  const signals = ids.map((id): Signal => {
    const reason = leftOut.get(id);
    if (reason) return { id, status: "unknown", explanation: reason, evidence: { skipped: true } };
    if (id === "face-swap-sbi" && sbi) return sbi;
    if (id === "face-forgery-net" && forgery) return forgery;
    const readings = byDetector.get(id);
    if (readings) return aggregateOverFrames(id, readings);
    return {
      id,
      status: "unknown" as const,
      explanation:
        "No face was found in the frames read, so none was examined; this says nothing about whether the video is synthetic",
      evidence: { framesRead: (id === "face-synthetic" ? readByClip : read).length, faces: 0 },
    };
  });
  const intimate = await intimateFindingForFrames(
    read.map((frame) => ({ timeSeconds: frame.timeSeconds, image: frame.image.pixels })),
  );
  return { signals, intimate };
}
