/**
 * Decoded samples held to digital full scale, in place: NaN and ±Infinity (a float WAV can carry
 * them, and ffmpeg passes them through) become silence, and values beyond ±1 are clipped. A few
 * spikes of 1e30 or Infinity otherwise made the voice activity detector find no speech at all, so a
 * recording escaped voice matching. Real recordings stay within ±1 except resampler overshoot of
 * under 1% on a handful of samples (4 samples in the 169 labelled recordings), which clipping
 * leaves inaudible. No Node imports: the browser voice path uses it too.
 */
export function withinFullScale(samples: Float32Array): Float32Array {
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i] as number;
    if (value > 1) samples[i] = 1;
    else if (value < -1) samples[i] = -1;
    else if (Number.isNaN(value)) samples[i] = 0;
  }
  return samples;
}
