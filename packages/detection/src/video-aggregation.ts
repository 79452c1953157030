/**
 * One verdict from many frames: a signal read on each sampled frame of a video (MesoNet, the
 * CLIP probes, the explicit-content classifier) becomes one score, the mean of its k highest
 * frame scores. Taking the highest frames lets a manipulation that fills only part of a clip
 * count; averaging k of them (at least 3 whenever 3 frames were read) keeps one odd frame, a
 * blur or a detector glitch, from deciding alone. The frames averaged are returned as evidence.
 */

export interface FrameScore {
  /** Seconds into the video. */
  timeSeconds: number;
  /** The signal's 0..1 score on this frame. */
  score: number;
}

export interface AggregationOptions {
  /** Share of the read frames averaged (rounded up); default 0.25. */
  topFraction?: number;
  /** Fewest frames averaged when that many were read; default 3. */
  minFrames?: number;
}

export interface AggregatedScore {
  /** Mean of the top-k frame scores; null when no frame was read. */
  score: number | null;
  /** The k frames the score rests on, in time order. */
  frames: FrameScore[];
  /** Frames with a reading (frames without one, e.g. no face, are not counted). */
  framesRead: number;
}

/** Frames averaged out of `read`: ⌈fraction · read⌉, at least min(minFrames, read), at most read. */
export function framesAveraged(read: number, { topFraction = 0.25, minFrames = 3 }: AggregationOptions = {}): number {
  if (read <= 0) return 0;
  return Math.min(read, Math.max(Math.min(minFrames, read), Math.ceil(topFraction * read)));
}

/** The robust top-k mean of per-frame scores; frames with a missing or non-finite score are skipped. */
export function aggregateFrameScores(
  readings: readonly (FrameScore | { timeSeconds: number; score: number | null | undefined })[],
  options: AggregationOptions = {},
): AggregatedScore {
  const read = readings.filter((r): r is FrameScore => typeof r.score === "number" && Number.isFinite(r.score));
  const k = framesAveraged(read.length, options);
  if (k === 0) return { score: null, frames: [], framesRead: 0 };
  // Ties keep the earlier frame, so the evidence is the same on every run.
  const top = [...read].sort((a, b) => b.score - a.score || a.timeSeconds - b.timeSeconds).slice(0, k);
  const score = top.reduce((sum, r) => sum + r.score, 0) / k;
  return {
    score,
    frames: top.map(({ timeSeconds, score }) => ({ timeSeconds, score })).sort((a, b) => a.timeSeconds - b.timeSeconds),
    framesRead: read.length,
  };
}
