import { downmixToMono } from "../media/downmix.js";
import { withinFullScale } from "../media/sample-bounds.js";
import { onnxWebRuntime } from "../runtimes/onnx-web.js";
import { assessVoiceWith, type EnrolmentAssessment, type VoiceModels } from "./enrolment-gates.js";
import { VOICE_MODEL_FILES, type VoiceModelBytes, voiceModelsFrom } from "./model-files.js";
import { VAD_SAMPLE_RATE } from "./vad.js";

/**
 * The voice path in a browser, for enrolment where the recording never leaves the device: the
 * server's Silero VAD, GE2E encoder and enrolment gates (the same modules) on onnxruntime-web.
 * The page says where the model files and the .wasm binary are served from, so the bundle carries
 * no weights. Bundled as one ESM file by scripts/build-voice-browser.ts; not in the app's initial JS.
 */

export type { EnrolmentAssessment } from "./enrolment-gates.js";
export { MIN_ENROLMENT_SPEECH_SECONDS, voiceEnrolmentReasons } from "./enrolment-gates.js";

export interface VoiceRuntimeUrls {
  /** Folder holding VOICE_MODEL_FILES, ending in "/". */
  models: string;
  /** Folder holding onnxruntime-web's .wasm binary, ending in "/". */
  wasm: string;
}

// The project compiles without the DOM library; these are the browser APIs this module calls.
interface AudioBufferLike {
  numberOfChannels: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}
declare class OfflineAudioContext {
  constructor(channels: number, length: number, sampleRate: number);
  decodeAudioData(data: ArrayBuffer): Promise<AudioBufferLike>;
}

let loading: Promise<VoiceModels> | undefined;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the voice model ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Loads onnxruntime-web and the voice models once; later calls share the first load. */
export function loadVoiceModels(urls: VoiceRuntimeUrls): Promise<VoiceModels> {
  if (!loading) {
    loading = (async () => {
      const entries = Object.entries(VOICE_MODEL_FILES) as [keyof VoiceModelBytes, string][];
      const bytes = await Promise.all(entries.map(([, file]) => fetchBytes(`${urls.models}${file}`)));
      const files = Object.fromEntries(entries.map(([key], i) => [key, bytes[i]])) as VoiceModelBytes;
      return voiceModelsFrom(onnxWebRuntime(urls.wasm), files);
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  }
  return loading;
}

/**
 * A recording as the server's ffmpeg intake gives it: mono float32 PCM at 16 kHz. The browser's
 * decoder resamples to the context's rate; channels are mixed as ffmpeg's `-ac 1` mixes them.
 */
export async function decodeRecording(recording: Blob): Promise<Float32Array> {
  const context = new OfflineAudioContext(1, 1, VAD_SAMPLE_RATE);
  const audio = await context.decodeAudioData(await recording.arrayBuffer());
  return withinFullScale(
    downmixToMono(Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c).slice())),
  );
}

/** The server's enrolment gates on 16 kHz PCM: speech present, long enough, one speaker; the embedding when fit. */
export async function assessVoicePcm(pcm16k: Float32Array): Promise<EnrolmentAssessment> {
  if (!loading) throw new Error("Call loadVoiceModels before assessing a recording");
  return assessVoiceWith(await loading, pcm16k);
}

/** A recording file decoded and assessed in this browser. */
export async function assessRecording(recording: Blob): Promise<EnrolmentAssessment> {
  return assessVoicePcm(await decodeRecording(recording));
}
