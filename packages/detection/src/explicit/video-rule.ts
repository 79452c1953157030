import type { FrameScore } from "../video-aggregation.js";

/**
 * When a video is called explicit: the explicit content must persist. A clip's frames are read one
 * by one (explicit mass, Porn + Hentai); the clip is explicit only when at least `needed` of the
 * frames read reach `frameThreshold` (a share of them, and never fewer than `minFrames` where that
 * many were read) and those frames span at least `minSpanSeconds` (capped for a short clip).
 *
 * Why not the mean of the most explicit frames: on genuine footage the classifier's errors come in
 * short runs of dark, warm-lit frames (a stage, a lamp-lit room), and a top-k mean lets two such
 * frames call a whole talking-head clip explicit. Content that is explicit throughout a clip
 * reaches the threshold on most of its frames and is still caught.
 *
 * The constants are fitted on one part of the genuine footage and the false-positive rate is
 * measured on the rest (scripts/fit-explicit-video.ts writes video-rule.json).
 */

export interface PersistenceRule {
  /** Explicit mass at or above which a single frame reads as explicit. */
  frameThreshold: number;
  /** Share of the frames read that must read as explicit. */
  minShare: number;
  /** Fewest explicit frames, where at least that many were read (else all of them). */
  minFrames: number;
  /** Seconds from the first to the last explicit frame; a clip whose frames span less needs `minShare` of its span. */
  minSpanSeconds: number;
}

export interface PersistenceReading {
  present: boolean;
  /**
   * The clip's score: the level that `needed` frames all reach (the needed-th highest frame
   * score), so it is at or above the frame threshold exactly when enough frames are explicit.
   */
  score: number;
  /** Explicit frames the rule needs. */
  needed: number;
  framesRead: number;
  /** The frames at or above the frame threshold, in time order. */
  explicitFrames: FrameScore[];
  /** The `needed` highest-scoring frames, in time order: what the score rests on. */
  decisiveFrames: FrameScore[];
  /** From the first to the last explicit frame. */
  spanSeconds: number;
  neededSpanSeconds: number;
}

/** Explicit frames needed out of `read`: ⌈minShare · read⌉, at least min(minFrames, read). */
export function explicitFramesNeeded(read: number, rule: Pick<PersistenceRule, "minShare" | "minFrames">): number {
  if (read <= 0) return 0;
  return Math.min(read, Math.max(Math.min(rule.minFrames, read), Math.ceil(rule.minShare * read - 1e-9)));
}

const byTime = (a: FrameScore, b: FrameScore) => a.timeSeconds - b.timeSeconds;

/** The rule applied to one clip's frame scores; frames with a missing or non-finite score are skipped. Null when none was read. */
export function persistentExplicit(
  readings: readonly { timeSeconds: number; score: number | null | undefined }[],
  rule: PersistenceRule,
): PersistenceReading | null {
  const read = readings.filter((r): r is FrameScore => typeof r.score === "number" && Number.isFinite(r.score));
  if (read.length === 0) return null;
  const needed = explicitFramesNeeded(read.length, rule);
  // Ties keep the earlier frame, so the evidence is the same on every run.
  const ranked = [...read].sort((a, b) => b.score - a.score || a.timeSeconds - b.timeSeconds);
  const decisiveFrames = ranked.slice(0, needed).sort(byTime);
  const score = (ranked[needed - 1] as FrameScore).score;
  const explicitFrames = read.filter((r) => r.score >= rule.frameThreshold).sort(byTime);
  const times = read.map((r) => r.timeSeconds);
  const readSpan = Math.max(...times) - Math.min(...times);
  const spanSeconds =
    explicitFrames.length > 0
      ? (explicitFrames.at(-1) as FrameScore).timeSeconds - (explicitFrames[0] as FrameScore).timeSeconds
      : 0;
  const neededSpanSeconds = Math.min(rule.minSpanSeconds, rule.minShare * readSpan);
  return {
    present: score >= rule.frameThreshold && spanSeconds >= neededSpanSeconds,
    score,
    needed,
    framesRead: read.length,
    explicitFrames,
    decisiveFrames,
    spanSeconds,
    neededSpanSeconds,
  };
}
