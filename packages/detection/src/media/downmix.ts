/**
 * Mono as the server's ffmpeg intake (`-ac 1`, float output) mixes it, so the in-process decoders
 * and the browser's Web Audio decode give the voice models the same samples. No Node imports:
 * the browser voice bundle uses it too.
 */

/** swresample's stereo-to-mono matrix gives each side √½, unnormalised (not the average). */
const STEREO_TO_MONO = Math.fround(Math.SQRT1_2);

/**
 * One channel as is; two the way swresample mixes them, each product and the sum rounded to
 * float32; more (only the browser sees those: the in-process decoders leave them to ffmpeg) averaged.
 */
export function downmixToMono(channels: Float32Array[]): Float32Array {
  const [left, right] = channels;
  if (!left) return new Float32Array(0);
  if (!right) return left;
  const mono = new Float32Array(left.length);
  if (channels.length === 2) {
    for (let i = 0; i < mono.length; i++)
      mono[i] = Math.fround(
        Math.fround((left[i] as number) * STEREO_TO_MONO) + Math.fround((right[i] as number) * STEREO_TO_MONO),
      );
    return mono;
  }
  for (const channel of channels)
    for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] as number) + (channel[i] as number) / channels.length;
  return mono;
}
