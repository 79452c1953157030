/**
 * Bounds on what the engine takes in, so hostile or huge media fails with a typed error before
 * any large allocation. Defaults suit a 1-2 GB Lambda; callers may tighten or loosen them.
 */
export interface MediaLimits {
  maxBytes: number;
  /** Width × height of an image (or video frame) as declared in its header. */
  maxPixels: number;
  maxDimension: number;
  maxVideoSeconds: number;
  maxAudioSeconds: number;
  /** Video frames sampled per second of footage. */
  videoFramesPerSecond: number;
  maxVideoFrames: number;
  /** Longest side images are scaled down to for face analysis (descriptors use 150 px crops). */
  analysisMaxSide: number;
}

export const defaultLimits: MediaLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxPixels: 64_000_000,
  maxDimension: 16_384,
  maxVideoSeconds: 300,
  maxAudioSeconds: 600,
  videoFramesPerSecond: 1,
  maxVideoFrames: 120,
  analysisMaxSide: 1024,
};

export function resolveLimits(overrides: Partial<MediaLimits> | undefined): MediaLimits {
  return { ...defaultLimits, ...overrides };
}
