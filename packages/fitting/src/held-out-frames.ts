/**
 * How the fit samples the training face-swap clips, and which of their frames it leaves out so
 * the benchmark can score them (bench/synthetic-image.ts): those at or after 70% of each clip.
 * They share the clip's people and manipulation with the fitted frames, so they show recompression
 * and pose robustness, not generalisation; the leave-one-pair-out scores in the head's fit do that.
 */
export const HELD_OUT_FROM = 0.7;
const FRAMES_PER_CLIP = 24;

export function trainingClipSampling(durationSeconds: number): { framesPerSecond: number; maxFrames: number } {
  return {
    framesPerSecond: Number(Math.min(25, FRAMES_PER_CLIP / durationSeconds).toFixed(3)),
    maxFrames: FRAMES_PER_CLIP,
  };
}

export const isHeldOutFrame = (timeSeconds: number, durationSeconds: number): boolean =>
  timeSeconds >= HELD_OUT_FROM * durationSeconds;
