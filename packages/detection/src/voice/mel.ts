/**
 * Mel power spectrogram matching librosa.feature.melspectrogram as Resemblyzer calls it
 * (16 kHz, n_fft 400, hop 160, 40 Slaney mel bands with Slaney area normalisation, periodic Hann
 * window, centred frames zero-padded by n_fft/2, power 2). The GE2E weights were trained on exactly
 * these features, so any drift here shows up as a different embedding.
 *
 * n_fft = 400 is not a power of two, so the spectrum comes from a real-input mixed-radix FFT
 * (fft.ts) in double precision: a direct DFT cost 160k multiply-adds per 10 ms frame, half the
 * GE2E time, and this runs for every 10 ms of every scanned recording.
 */
import { RealFft } from "./fft.js";

export const MEL_SAMPLE_RATE = 16_000;
export const N_FFT = 400;
export const HOP = 160;
export const N_MELS = 40;
const N_BINS = N_FFT / 2 + 1;

function hzToMelSlaney(hz: number): number {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  return hz >= minLogHz ? minLogMel + Math.log(hz / minLogHz) / logStep : hz / fSp;
}

function melToHzSlaney(mel: number): number {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  return mel >= minLogMel ? minLogHz * Math.exp(logStep * (mel - minLogMel)) : fSp * mel;
}

/** Row-major [N_MELS × N_BINS] filterbank, as librosa.filters.mel(sr, n_fft, n_mels, norm="slaney"). */
function melFilterbank(): Float32Array {
  const fftFreqs = Array.from({ length: N_BINS }, (_, k) => (k * MEL_SAMPLE_RATE) / N_FFT);
  const maxMel = hzToMelSlaney(MEL_SAMPLE_RATE / 2);
  const melPoints = Array.from({ length: N_MELS + 2 }, (_, i) => melToHzSlaney((maxMel * i) / (N_MELS + 1)));
  const weights = new Float32Array(N_MELS * N_BINS);
  for (let m = 0; m < N_MELS; m++) {
    const left = melPoints[m] as number;
    const centre = melPoints[m + 1] as number;
    const right = melPoints[m + 2] as number;
    const norm = 2 / (right - left);
    for (let k = 0; k < N_BINS; k++) {
      const f = fftFreqs[k] as number;
      const lower = (f - left) / (centre - left);
      const upper = (right - f) / (right - centre);
      weights[m * N_BINS + k] = Math.max(0, Math.min(lower, upper)) * norm;
    }
  }
  return weights;
}

interface Tables {
  window: Float64Array;
  fft: RealFft;
  mel: Float32Array;
  /** Each band's first and one-past-last non-zero bin: a band spans a few bins of the 201. */
  bandFrom: Int32Array;
  bandTo: Int32Array;
}

let tables: Tables | undefined;

function getTables(): Tables {
  if (tables) return tables;
  const window = new Float64Array(N_FFT);
  for (let n = 0; n < N_FFT; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / N_FFT);
  const mel = melFilterbank();
  const bandFrom = new Int32Array(N_MELS);
  const bandTo = new Int32Array(N_MELS);
  for (let m = 0; m < N_MELS; m++) {
    let k = 0;
    while (k < N_BINS && mel[m * N_BINS + k] === 0) k++;
    bandFrom[m] = k;
    let end = N_BINS;
    while (end > k && mel[m * N_BINS + end - 1] === 0) end--;
    bandTo[m] = end;
  }
  tables = { window, fft: new RealFft(N_FFT), mel, bandFrom, bandTo };
  return tables;
}

/** Frames × N_MELS, row-major; frame count is 1 + floor(samples / HOP), as librosa's centred STFT. */
export function melSpectrogram(samples: Float32Array): { frames: number; data: Float32Array } {
  const { window, fft, mel, bandFrom, bandTo } = getTables();
  const frames = 1 + Math.floor(samples.length / HOP);
  const out = new Float32Array(frames * N_MELS);
  const frame = new Float64Array(N_FFT);
  const re = new Float64Array(N_BINS);
  const im = new Float64Array(N_BINS);
  const power = new Float64Array(N_BINS);
  const half = N_FFT / 2;
  for (let f = 0; f < frames; f++) {
    const start = f * HOP - half;
    // All but the first and last two frames lie wholly inside the clip and need no padding test.
    if (start >= 0 && start + N_FFT <= samples.length)
      for (let n = 0; n < N_FFT; n++) frame[n] = (samples[start + n] as number) * (window[n] as number);
    else
      for (let n = 0; n < N_FFT; n++) {
        const i = start + n;
        frame[n] = i >= 0 && i < samples.length ? (samples[i] as number) * (window[n] as number) : 0;
      }
    fft.transform(frame, re, im);
    for (let k = 0; k < N_BINS; k++) power[k] = (re[k] as number) ** 2 + (im[k] as number) ** 2;
    for (let m = 0; m < N_MELS; m++) {
      let sum = 0;
      const row = m * N_BINS;
      for (let k = bandFrom[m] as number; k < (bandTo[m] as number); k++)
        sum += (mel[row + k] as number) * (power[k] as number);
      out[f * N_MELS + m] = sum;
    }
  }
  return { frames, data: out };
}
