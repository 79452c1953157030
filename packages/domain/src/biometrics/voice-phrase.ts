/**
 * The spoken phrase of the live check: a few words the server draws at random when the check
 * starts, shown while the face is checked, and heard by the server's speech recogniser in the
 * recording made in the same session (docs/privacy.md, "The live check"). A public recording of
 * the person cannot contain words chosen a moment ago; a recording answering another check says
 * that check's words.
 */

/**
 * Short everyday English words that Whisper base transcribes as themselves when said one by one,
 * also in a synthetic voice (espeak-ng: 33 of 35 words of 7 five-word phrases, 2026-11-29), with
 * no two that sound alike. Words it misheard in that test (basket, jacket, monkey, number, zebra,
 * doctor, banana) are left out, and so are violin, button and sugar, misheard most often in 100
 * random five-word phrases ("myelin", "Martin", "Shogur").
 */
export const PHRASE_VOCABULARY = [
  "apple",
  "river",
  "orange",
  "window",
  "garden",
  "yellow",
  "purple",
  "tiger",
  "rabbit",
  "pencil",
  "coffee",
  "dragon",
  "forest",
  "island",
  "kitten",
  "ladder",
  "lemon",
  "ocean",
  "pepper",
  "planet",
  "rocket",
  "silver",
  "summer",
  "table",
  "tomato",
  "turtle",
  "water",
  "winter",
  "camera",
] as const;

/** Five different words: 29·28·27·26·25 ≈ 14 million phrases, so none can be said ahead of time. */
export const PHRASE_WORDS = 5;

/**
 * The phrase is heard when at least 4 of its 5 words are in the transcript in the order shown.
 * One word may be misheard (an accent, a cough, a recogniser slip: a fifth of the synthetic test's
 * words were missed before the list was cut to the words heard), but a recording not made for
 * this phrase does not hold 4 of 5 words drawn a moment ago in that order: another check's phrase
 * shares on average under one word with it.
 */
export const MIN_PHRASE_WORDS_HEARD = 4;

/** A fresh phrase: PHRASE_WORDS different words; `randomInt` gives integers below n (crypto randomness in the service). */
export function newPhrase(randomInt: (below: number) => number): string[] {
  const pool: string[] = [...PHRASE_VOCABULARY];
  const phrase: string[] = [];
  while (phrase.length < PHRASE_WORDS) phrase.push(...pool.splice(randomInt(pool.length), 1));
  return phrase;
}

/** The transcript's words: lower case, split at anything that is not a letter. */
export function transcriptWords(transcript: string): string[] {
  return transcript
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0);
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next[j] = Math.min(substitution, (row[j] as number) + 1, (next[j - 1] as number) + 1);
    }
    row = next;
  }
  return row[b.length] as number;
}

/**
 * The vocabulary word a transcribed word spells, allowing a recogniser's spelling slip ("Forrest",
 * "Tumato", "Suga"): one edit in a word of up to 5 letters, two in a longer one, and only when a
 * single vocabulary word is that close (river and tiger are two edits apart, so "tiver" is neither).
 */
export function vocabularyWordOf(word: string): string | undefined {
  const allowed = word.length <= 5 ? 1 : 2;
  const close = PHRASE_VOCABULARY.filter((v) => editDistance(word, v) <= allowed);
  return close.length === 1 ? close[0] : undefined;
}

/** How many of the phrase's words the transcript holds in the phrase's order (longest common subsequence). */
export function phraseWordsHeard(phrase: readonly string[], transcript: string): number {
  const heard = transcriptWords(transcript).map((w) => vocabularyWordOf(w) ?? w);
  let row = new Array<number>(heard.length + 1).fill(0);
  for (const word of phrase) {
    const next = [0];
    for (let j = 1; j <= heard.length; j++) {
      next[j] = heard[j - 1] === word ? (row[j - 1] as number) + 1 : Math.max(row[j] as number, next[j - 1] as number);
    }
    row = next;
  }
  return row[heard.length] as number;
}

export const phraseHeard = (phrase: readonly string[], transcript: string) =>
  phraseWordsHeard(phrase, transcript) >= MIN_PHRASE_WORDS_HEARD;

/** Why a recording did not verify the voice, in the person's words; the face's live check is unaffected. */
export const VOICE_NOT_VERIFIED = {
  noChallenge:
    "Your voice was saved but not verified: a voice is verified only when you say the words shown during the live check. Take the live check in Biometric Training and read the words aloud as they appear.",
  phraseNotHeard:
    "Your voice was not verified: we could not hear the words shown during the live check in your recording. Take the live check again and read the words aloud, clearly, while they are on screen.",
  unusable:
    "Your voice was not verified: we could not use the recording made during the live check. Take the live check again somewhere quiet and keep reading the words aloud until it ends",
  otherSpeaker:
    "Your voice was not verified: the voice saying the words does not sound like the voice already saved on your account. Take the live check again yourself, or delete the saved recordings in Biometric Training first if they are not your voice.",
} as const;
