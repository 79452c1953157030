/**
 * Whisper's multilingual vocabulary (openai-whisper tokenizer.py): the GPT-2 style byte-level BPE
 * ranks of multilingual.tiktoken (one "base64-bytes rank" per line, ranks 0 … 50256), then the
 * special tokens in a fixed order. Greedy decoding only turns ids back into text, so the ranks
 * are read as id → bytes and the merges are never needed.
 */
export const END_OF_TEXT = 50257;
export const START_OF_TRANSCRIPT = 50258;
/** <|en|>: the first of the 99 language tokens. */
export const ENGLISH = 50259;
export const TRANSCRIBE = 50359;
export const NO_TIMESTAMPS = 50363;
/** Every id from here up is a special token (languages, tasks, timestamps), never text. */
export const FIRST_SPECIAL = START_OF_TRANSCRIPT;
/** The byte-level token of a lone space, which Whisper never lets a transcript start with. */
export const SPACE = 220;

export type TokenBytes = Uint8Array[];

/** Parses multilingual.tiktoken into bytes by id; the ranks must run 0 … n−1 without gaps. */
export function parseTiktoken(text: string): TokenBytes {
  const tokens: TokenBytes = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const [encoded, rank] = line.split(" ");
    if (encoded === undefined || rank === undefined || Number(rank) !== tokens.length) {
      throw new Error(`Whisper vocabulary line ${tokens.length + 1} is not "<base64> ${tokens.length}"`);
    }
    tokens.push(new Uint8Array(Buffer.from(encoded, "base64")));
  }
  if (tokens.length !== END_OF_TEXT) {
    throw new Error(`Whisper vocabulary has ${tokens.length} tokens, expected ${END_OF_TEXT}`);
  }
  return tokens;
}

/** The text of the text tokens, special ones left out (bytes joined first: a character may span tokens). */
export function decodeTokens(vocabulary: TokenBytes, ids: readonly number[]): string {
  const parts = ids.filter((id) => id < vocabulary.length).map((id) => vocabulary[id] as Uint8Array);
  return new TextDecoder().decode(Buffer.concat(parts));
}

/** openai-whisper's non-speech symbols (tokenizer.non_speech_tokens): never words anyone says. */
const NON_SPEECH_SYMBOLS = new Set([
  ...'"#()*+/:;<=>@[\\]^_`{|}~「」『』',
  ..."<< >> <<< >>> -- --- -( -[ (' (\" (( )) ((( ))) [[ ]] {{ }} ♪♪ ♪♪♪".split(" "),
]);
const MUSICAL = /[♩♪♫♬♭♮♯]/u;

/**
 * Which text tokens the recogniser never chooses, as openai-whisper's default `suppress_tokens`
 * does: a symbol alone (with or without its leading space), a music sign, and " -" or " '" at a
 * word's start. Without it, greedy decoding of a clear synthetic voice sometimes answers "[Music]".
 */
export function nonSpeechTokens(vocabulary: TokenBytes): Uint8Array {
  const suppressed = new Uint8Array(FIRST_SPECIAL);
  const decoder = new TextDecoder();
  for (let id = 0; id < Math.min(vocabulary.length, FIRST_SPECIAL); id++) {
    const text = decoder.decode(vocabulary[id]);
    const bare = text.startsWith(" ") ? text.slice(1) : text;
    if (text === " -" || text === " '" || NON_SPEECH_SYMBOLS.has(bare) || MUSICAL.test(text)) suppressed[id] = 1;
  }
  return suppressed;
}
