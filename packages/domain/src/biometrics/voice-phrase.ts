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
 * doctor, banana) are left out.
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
  "button",
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
  "sugar",
  "summer",
  "table",
  "tomato",
  "turtle",
  "violin",
  "water",
  "winter",
  "camera",
] as const;

/** Five different words: 32·31·30·29·28 ≈ 24 million phrases, so none can be said ahead of time. */
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

/** How many of the phrase's words the transcript holds in the phrase's order (longest common subsequence). */
export function phraseWordsHeard(phrase: readonly string[], transcript: string): number {
  const heard = transcriptWords(transcript);
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
