/**
 * Mel power spectrogram matching librosa.feature.melspectrogram as Resemblyzer calls it
 * (16 kHz, n_fft 400, hop 160, 40 Slaney mel bands with Slaney area normalisation, periodic Hann
 * window, centred frames zero-padded by n_fft/2, power 2). The GE2E weights were trained on exactly
 * these features, so any drift here shows up as a different embedding.
 *
 * n_fft = 400 is not a power of two; a direct real DFT from precomputed tables costs 160k
 * multiply-adds per 10 ms frame, about 16M per second of audio, which is cheap next to the LSTM.
 */

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
  cos: Float64Array;
  sin: Float64Array;
  mel: Float32Array;
}

let tables: Tables | undefined;

function getTables(): Tables {
  if (tables) return tables;
  const window = new Float64Array(N_FFT);
  for (let n = 0; n < N_FFT; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / N_FFT);
  const cos = new Float64Array(N_BINS * N_FFT);
  const sin = new Float64Array(N_BINS * N_FFT);
  for (let k = 0; k < N_BINS; k++) {
    for (let n = 0; n < N_FFT; n++) {
      // (k·n) mod N keeps the angle small, so the table is exact to double precision.
      const angle = (2 * Math.PI * ((k * n) % N_FFT)) / N_FFT;
      cos[k * N_FFT + n] = Math.cos(angle);
      sin[k * N_FFT + n] = Math.sin(angle);
    }
  }
  tables = { window, cos, sin, mel: melFilterbank() };
  return tables;
}

/** Frames × N_MELS, row-major; frame count is 1 + floor(samples / HOP), as librosa's centred STFT. */
export function melSpectrogram(samples: Float32Array): { frames: number; data: Float32Array } {
  const { window, cos, sin, mel } = getTables();
  const frames = 1 + Math.floor(samples.length / HOP);
  const out = new Float32Array(frames * N_MELS);
  const frame = new Float64Array(N_FFT);
  const power = new Float64Array(N_BINS);
  const half = N_FFT / 2;
  for (let f = 0; f < frames; f++) {
    const start = f * HOP - half;
    for (let n = 0; n < N_FFT; n++) {
      const i = start + n;
      frame[n] = i >= 0 && i < samples.length ? (samples[i] as number) * (window[n] as number) : 0;
    }
    for (let k = 0; k < N_BINS; k++) {
      let re = 0;
      let im = 0;
      const row = k * N_FFT;
      for (let n = 0; n < N_FFT; n++) {
        const x = frame[n] as number;
        re += x * (cos[row + n] as number);
        im += x * (sin[row + n] as number);
      }
      power[k] = re * re + im * im;
    }
    for (let m = 0; m < N_MELS; m++) {
      let sum = 0;
      const row = m * N_BINS;
      for (let k = 0; k < N_BINS; k++) sum += (mel[row + k] as number) * (power[k] as number);
      out[f * N_MELS + m] = sum;
    }
  }
  return { frames, data: out };
}
