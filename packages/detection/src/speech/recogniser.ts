import { readFile } from "node:fs/promises";
import { Model } from "../models/model.js";
import { modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxSessionLike, OnnxTensorLike } from "../runtimes/onnx-port.js";
import { WHISPER_ENCODER_FILE } from "../voice-synthetic/encoder-model.js";
import { WHISPER_MELS, WHISPER_SAMPLE_RATE, whisperLogMel } from "../voice-synthetic/log-mel.js";
import { WHISPER_ENCODED, WHISPER_MEL_INPUT } from "../voice-synthetic/windows.js";
import {
  crossKeys,
  crossValues,
  DECODER_LOGITS,
  DECODER_TOKENS_INPUT,
  WHISPER_BASE_DECODER,
} from "./whisper-decoder-io.js";
import {
  decodeTokens,
  END_OF_TEXT,
  ENGLISH,
  FIRST_SPECIAL,
  NO_TIMESTAMPS,
  nonSpeechTokens,
  parseTiktoken,
  SPACE,
  START_OF_TRANSCRIPT,
  type TokenBytes,
  TRANSCRIBE,
} from "./whisper-tokens.js";

/**
 * English speech to text with Whisper base (greedy decoding, no timestamps), on onnxruntime-node
 * with one intra-op thread like every model here: the encoder graph the countermeasure runs and the
 * decoder's two graphs, all derived by `npm run setup` from the one CTranslate2 model.bin
 * (derive/whisper-encoder-graph.ts, derive/whisper-decoder-graph.ts), plus the vocabulary
 * (multilingual.tiktoken) to turn ids into text.
 *
 * Decoding follows openai-whisper's `decode` with temperature 0 and `without_timestamps`: the
 * prompt <|startoftranscript|><|en|><|transcribe|><|notimestamps|>, then the highest-scoring
 * text token each step (ties to the lower id, so every CPU picks the same one) until
 * <|endoftext|>; special tokens are never chosen, and the first token may be neither a space nor
 * the end (openai-whisper's SuppressBlank).
 */
export const WHISPER_DECODER_CROSS_FILE = "whisper-base/decoder-cross.onnx";
export const WHISPER_DECODER_STEP_FILE = "whisper-base/decoder-step.onnx";
export const WHISPER_VOCABULARY_FILE = "whisper-base/multilingual.tiktoken";
/** Whisper hears 30 s at a time: the audio is cut to it, and shorter audio padded with silence, as the model was trained. */
export const RECOGNISER_MAX_SECONDS = 30;
/**
 * Enough tokens for a spoken phrase of several words and a few more (about 1.3 tokens a word in
 * English); a recording that would need more is cut off there, and a decoding loop (Whisper can
 * repeat itself on noise) ends there too.
 */
export const MAX_TRANSCRIPT_TOKENS = 48;
const WINDOW_SAMPLES = RECOGNISER_MAX_SECONDS * WHISPER_SAMPLE_RATE;
const PROMPT = [START_OF_TRANSCRIPT, ENGLISH, TRANSCRIBE, NO_TIMESTAMPS];

export interface Transcript {
  text: string;
  /** The chosen text tokens, without the prompt or the end token. */
  tokens: number[];
}

interface Recogniser {
  encoder: OnnxSessionLike;
  cross: OnnxSessionLike;
  step: OnnxSessionLike;
  layers: number;
  vocabulary: TokenBytes;
  suppressed: Uint8Array;
}

/** The highest logit among the ids allowed at this step (none `suppressed` marks); the lowest id wins a tie. */
export function greedyToken(logits: Float32Array, first: boolean, suppressed?: Uint8Array): number {
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let id = 0; id < FIRST_SPECIAL; id++) {
    if (first && (id === SPACE || id === END_OF_TEXT)) continue;
    if (suppressed?.[id]) continue;
    const score = logits[id] as number;
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}

export class WhisperRecogniser extends Model<Float32Array, Transcript, Recogniser> {
  readonly name = "whisper-base-recogniser";

  protected async load(): Promise<Recogniser> {
    const bytes = async (file: string) => new Uint8Array(await readFile(await modelFiles().localPath(file)));
    const session = async (file: string) => onnxNodeRuntime.sessionFromBytes(await bytes(file));
    const vocabulary = parseTiktoken(new TextDecoder().decode(await bytes(WHISPER_VOCABULARY_FILE)));
    return {
      encoder: await session(WHISPER_ENCODER_FILE),
      cross: await session(WHISPER_DECODER_CROSS_FILE),
      step: await session(WHISPER_DECODER_STEP_FILE),
      layers: WHISPER_BASE_DECODER.layers,
      vocabulary,
      suppressed: nonSpeechTokens(vocabulary),
    };
  }

  protected async run(r: Recogniser, pcm16k: Float32Array): Promise<Transcript> {
    const window = new Float32Array(WINDOW_SAMPLES);
    window.set(pcm16k.subarray(0, WINDOW_SAMPLES));
    const mel = whisperLogMel(window);
    const { [WHISPER_ENCODED]: encoded } = await r.encoder.run({
      [WHISPER_MEL_INPUT]: onnxNodeRuntime.float32Tensor(mel.data, [1, WHISPER_MELS, mel.frames]),
    });
    if (!encoded) throw new Error("The Whisper encoder returned no encoded states");
    const cross = await r.cross.run({ [WHISPER_ENCODED]: encoded });
    const feeds: Record<string, OnnxTensorLike> = {};
    for (let l = 0; l < r.layers; l++) {
      feeds[crossKeys(l)] = cross[crossKeys(l)] as OnnxTensorLike;
      feeds[crossValues(l)] = cross[crossValues(l)] as OnnxTensorLike;
    }
    const tokens: number[] = [];
    while (tokens.length < MAX_TRANSCRIPT_TOKENS) {
      const sequence = Float32Array.from([...PROMPT, ...tokens]);
      const out = await r.step.run({
        ...feeds,
        [DECODER_TOKENS_INPUT]: onnxNodeRuntime.float32Tensor(sequence, [1, sequence.length]),
      });
      const next = greedyToken(out[DECODER_LOGITS]?.data as Float32Array, tokens.length === 0, r.suppressed);
      if (next === END_OF_TEXT) break;
      tokens.push(next);
    }
    return { text: decodeTokens(r.vocabulary, tokens).trim(), tokens };
  }
}
