import { RealFft } from "../voice/fft.js";

/**
 * Whisper's log-mel front end (openai-whisper audio.log_mel_spectrogram) at 16 kHz: n_fft 400,
 * hop 160, periodic Hann window, frames centred with reflect padding (torch.stft's default), the
 * last frame dropped, power spectrum through 80 Slaney-normalised mel filters (librosa.filters.mel
 * with its defaults, as whisper's mel_filters.npz), log10 floored at 1e-10, then clamped to 8
 * below the input's maximum and scaled as (x + 4) / 4. The GE2E front end (voice/mel.ts) differs
 * in bands, padding and scaling, so the two do not share tables.
 */
export const WHISPER_SAMPLE_RATE = 16_000;
export const WHISPER_N_FFT = 400;
export const WHISPER_HOP = 160;
export const WHISPER_MELS = 80;
const BINS = WHISPER_N_FFT / 2 + 1;

const slaneyHzToMel = (hz: number) => (hz >= 1000 ? 15 + Math.log(hz / 1000) / (Math.log(6.4) / 27) : hz / (200 / 3));
const slaneyMelToHz = (mel: number) =>
  mel >= 15 ? 1000 * Math.exp((Math.log(6.4) / 27) * (mel - 15)) : (200 / 3) * mel;

/** [WHISPER_MELS × BINS] row-major, float32 as librosa returns it. */
export function whisperMelFilters(): Float32Array {
  const maxMel = slaneyHzToMel(WHISPER_SAMPLE_RATE / 2);
  const points = Array.from({ length: WHISPER_MELS + 2 }, (_, i) => slaneyMelToHz((maxMel * i) / (WHISPER_MELS + 1)));
  const filters = new Float32Array(WHISPER_MELS * BINS);
  for (let m = 0; m < WHISPER_MELS; m++) {
    const [left, centre, right] = [points[m] as number, points[m + 1] as number, points[m + 2] as number];
    const norm = 2 / (right - left);
    for (let k = 0; k < BINS; k++) {
      const f = (k * WHISPER_SAMPLE_RATE) / WHISPER_N_FFT;
      const rising = (f - left) / (centre - left);
      const falling = (right - f) / (right - centre);
      filters[m * BINS + k] = Math.max(0, Math.min(rising, falling)) * norm;
    }
  }
  return filters;
}

interface Tables {
  window: Float64Array;
  fft: RealFft;
  filters: Float32Array;
  from: Int32Array;
  to: Int32Array;
}
let tables: Tables | undefined;

function getTables(): Tables {
  if (tables) return tables;
  const window = new Float64Array(WHISPER_N_FFT);
  for (let n = 0; n < WHISPER_N_FFT; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / WHISPER_N_FFT);
  const filters = whisperMelFilters();
  const from = new Int32Array(WHISPER_MELS);
  const to = new Int32Array(WHISPER_MELS);
  for (let m = 0; m < WHISPER_MELS; m++) {
    let k = 0;
    while (k < BINS && filters[m * BINS + k] === 0) k++;
    let end = BINS;
    while (end > k && filters[m * BINS + end - 1] === 0) end--;
    from[m] = k;
    to[m] = end;
  }
  tables = { window, fft: new RealFft(WHISPER_N_FFT), filters, from, to };
  return tables;
}

/** Index into a signal reflected at both ends without repeating the edge (numpy/torch "reflect"). */
function reflect(i: number, length: number): number {
  if (length === 1) return 0;
  const period = 2 * (length - 1);
  let j = ((i % period) + period) % period;
  if (j >= length) j = period - j;
  return j;
}

/**
 * Log-mel features [WHISPER_MELS × frames] (mel-major, the encoder's input layout) with
 * frames = floor(samples / 160).
 */
export function whisperLogMel(samples: Float32Array): { frames: number; data: Float32Array } {
  const { window, fft, filters, from, to } = getTables();
  const frames = Math.floor(samples.length / WHISPER_HOP);
  const out = new Float32Array(WHISPER_MELS * frames);
  const frame = new Float64Array(WHISPER_N_FFT);
  const re = new Float64Array(BINS);
  const im = new Float64Array(BINS);
  const power = new Float64Array(BINS);
  const half = WHISPER_N_FFT / 2;
  let max = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < frames; f++) {
    const start = f * WHISPER_HOP - half;
    if (start >= 0 && start + WHISPER_N_FFT <= samples.length)
      for (let n = 0; n < WHISPER_N_FFT; n++) frame[n] = (samples[start + n] as number) * (window[n] as number);
    else
      for (let n = 0; n < WHISPER_N_FFT; n++)
        frame[n] = (samples[reflect(start + n, samples.length)] as number) * (window[n] as number);
    fft.transform(frame, re, im);
    for (let k = 0; k < BINS; k++) power[k] = (re[k] as number) ** 2 + (im[k] as number) ** 2;
    for (let m = 0; m < WHISPER_MELS; m++) {
      let sum = 0;
      const row = m * BINS;
      for (let k = from[m] as number; k < (to[m] as number); k++)
        sum += (filters[row + k] as number) * (power[k] as number);
      const log = Math.log10(Math.max(sum, 1e-10));
      out[m * frames + f] = log;
      if (log > max) max = log;
    }
  }
  const floor = max - 8;
  for (let i = 0; i < out.length; i++) out[i] = (Math.max(out[i] as number, floor) + 4) / 4;
  return { frames, data: out };
}
