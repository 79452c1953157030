/**
 * How long audio is cut into the 4 s windows AASIST takes. Audio shorter than one window is
 * repeated to fill it, as the reference's data loader pads (np.tile). Longer audio is cut into
 * back-to-back windows; past `maxWindows`, windows are spread evenly over the whole length so the
 * cost of one analysis stays bounded whatever the duration.
 */
export function repeatToLength(samples: Float32Array, length: number): Float32Array {
  if (samples.length >= length) return samples.slice(0, length);
  const out = new Float32Array(length);
  for (let at = 0; at < length; at += samples.length)
    out.set(samples.subarray(0, Math.min(samples.length, length - at)), at);
  return out;
}

export function windowStarts(totalSamples: number, windowSamples: number, maxWindows: number): number[] {
  if (totalSamples <= windowSamples || maxWindows <= 1) return [0];
  const count = Math.ceil(totalSamples / windowSamples);
  // The last window ends at the end of the audio rather than running into padding: a repeated
  // tail would cost the same full window and feed the model an artificial seam.
  const lastStart = totalSamples - windowSamples;
  if (count <= maxWindows) return Array.from({ length: count }, (_, i) => Math.min(i * windowSamples, lastStart));
  return Array.from({ length: maxWindows }, (_, i) => Math.round((i * lastStart) / (maxWindows - 1)));
}

/** Samples of [start, end) inside the given [start, end) sample ranges (sorted, not overlapping). */
export function samplesWithin(ranges: readonly (readonly [number, number])[], start: number, end: number): number {
  let total = 0;
  for (const [s, e] of ranges) total += Math.max(0, Math.min(e, end) - Math.max(s, start));
  return total;
}
