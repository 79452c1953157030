/**
 * AASIST's fixed sinc band-pass front end (the `CONV` module): filters equally spaced on the mel
 * scale between 0 Hz and Nyquist, Hamming-windowed. They are not trained weights, so they are
 * computed here the way the reference computes them at construction.
 */
export function sincFilterBank(
  filters: number,
  kernelSize: number,
  sampleRate = 16_000,
): { taps: number; data: Float32Array } {
  const taps = kernelSize % 2 === 0 ? kernelSize + 1 : kernelSize;
  const toMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
  const toHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);
  const nyquist = Math.trunc(sampleRate / 2);
  // The reference spaces edges over its 512-point FFT grid, whose extremes are 0 Hz and Nyquist.
  const melMax = toMel(nyquist);
  const edges = Array.from({ length: filters + 1 }, (_, i) => toHz((melMax * i) / filters));
  const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));
  const half = (taps - 1) / 2;
  const data = new Float32Array(filters * taps);
  for (let i = 0; i < filters; i++) {
    const fmin = edges[i] as number;
    const fmax = edges[i + 1] as number;
    for (let n = 0; n < taps; n++) {
      const t = n - half;
      const high = ((2 * fmax) / sampleRate) * sinc((2 * fmax * t) / sampleRate);
      const low = ((2 * fmin) / sampleRate) * sinc((2 * fmin * t) / sampleRate);
      const hamming = 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (taps - 1));
      data[i * taps + n] = hamming * (high - low);
    }
  }
  return { taps, data };
}
