/**
 * The live check's active illumination challenge: during the capture the page fills the screen
 * around the camera preview with a sequence of colours the server drew at random a moment before,
 * and a face in front of the screen reflects each colour as it shows. Frames recorded earlier (a
 * slideshow of photos, a replayed video) cannot follow a sequence that did not exist when they were
 * made, and a flat picture held up to the camera reflects the colour as evenly as its own
 * background. The check compares, frame by frame, how the face's colour moved against the colour
 * the page showed then: the face region against the background beside the head in the same frame
 * (so the camera's automatic white balance and exposure, which act on the whole frame, cancel), and
 * each frame against the capture's own average (so skin tone and room light cancel). Correlation
 * over the whole sequence, not a threshold on one frame, decides.
 */

/** The screen colours the page shows, as the fraction of each of red, green and blue it lights. */
export const SCREEN_COLOURS = {
  red: [1, 0, 0],
  green: [0, 1, 0],
  blue: [0, 0, 1],
  yellow: [1, 1, 0],
  cyan: [0, 1, 1],
  magenta: [1, 0, 1],
} as const satisfies Record<string, readonly [number, number, number]>;
export type ScreenColour = keyof typeof SCREEN_COLOURS;
const COLOUR_NAMES = Object.keys(SCREEN_COLOURS) as ScreenColour[];

export interface ColourWindow {
  colour: ScreenColour;
  /** Milliseconds after the capture starts when the page turns the screen this colour. */
  startMs: number;
  /** When the next colour shows (the last one stays until the capture ends). */
  endMs: number;
}

/** Mean red, green and blue (0-255) of two regions of one frame, as the engine measured them. */
export interface FrameLight {
  /** The cheeks, nose and mouth: skin, which reflects the screen most. */
  face: readonly [number, number, number];
  /** Just beside the head at face height: the room behind the person, far from the screen. */
  background: readonly [number, number, number];
}

/** Each colour shows for a random 600-1200 ms, in 200 ms steps, so no frame rate can be tuned to it. */
const COLOUR_MIN_MS = 600;
const COLOUR_STEPS = 4;
const COLOUR_STEP_MS = 200;
/**
 * Frames taken within this long of a colour change are not read: the page paints the new colour,
 * then the camera exposes and delivers a frame, and a frame in between shows a mix.
 */
export const SETTLE_MS = 300;
/** A change is read from a frame up to this long before it and one this long after, once settled. */
const CHANGE_READ_BEFORE_MS = 200;
const CHANGE_READ_AFTER_MS = SETTLE_MS + 200;
/** Enough read frames, and colour changes between them, that a chance correlation of unlit frames is unlikely. */
const MIN_READ_FRAMES = 10;
const MIN_COLOUR_CHANGES = 3;
/**
 * Two read frames are compared only when close in time and with the head held (yaw within a few
 * degrees): a turning head shows other skin and other background, which changes the colours too.
 */
const MAX_PAIR_GAP_MS = 800;
const MAX_PAIR_YAW_CHANGE = 7;
/**
 * Nor when the background's own chroma moved, other than the way the screen's colour would move it,
 * by more than this (log units): what is beside the head changed (the camera or someone moved, a
 * hand passed).
 */
const MAX_PAIR_ROOM_CHANGE = 0.2;
/**
 * Correlation of the face's colour changes with the shown colour's, over every pair of neighbouring
 * read frames and channel; and the least change (natural log of face over background, per unit of
 * colour) a lit face must show. Measured on the test camera in docs/privacy.md.
 */
export const MIN_LIGHT_CORRELATION = 0.8;
export const MIN_LIGHT_RESPONSE = 0.03;
/**
 * Keeps a black background from dividing by nothing; small, so that a dark region lit by the same
 * share as a bright one shows the same log change (a larger floor damps the dark one's).
 */
const DARK_FLOOR = 2;

/** A part of the capture in which the person holds their head still: no turn is asked for or under way. */
export interface StillSpan {
  startMs: number;
  endMs: number;
}

/** A random colour sequence covering a capture of `lengthMs`, no colour twice in a row. */
export function newColourSequence(lengthMs: number, randomInt: (below: number) => number): ColourWindow[] {
  const windows: ColourWindow[] = [];
  let previous: ScreenColour | undefined;
  for (let startMs = 0; startMs < lengthMs; ) {
    const choices = COLOUR_NAMES.filter((c) => c !== previous);
    const colour = choices[randomInt(choices.length)] as ScreenColour;
    const endMs = Math.min(lengthMs, startMs + COLOUR_MIN_MS + randomInt(COLOUR_STEPS) * COLOUR_STEP_MS);
    windows.push({ colour, startMs, endMs });
    previous = colour;
    startMs = endMs;
  }
  return windows;
}

/**
 * The sequence's colour changes that fall where a person holds their head still, with room on each
 * side for the frames that read it (one just before, one after the new colour settles): only those
 * can be read (readLight compares frames with the head held), so a challenge needs enough of them.
 */
export function changesWhileStill(sequence: readonly ColourWindow[], still: readonly StillSpan[]): number {
  return sequence
    .slice(1)
    .filter((w) =>
      still.some((s) => w.startMs - CHANGE_READ_BEFORE_MS >= s.startMs && w.startMs + CHANGE_READ_AFTER_MS <= s.endMs),
    ).length;
}

/** The colour the page shows at `atMs` (the last one stays after the sequence ends). */
export function colourAt(sequence: readonly ColourWindow[], atMs: number): ScreenColour | undefined {
  return (sequence.find((w) => atMs >= w.startMs && atMs < w.endMs) ?? sequence.at(-1))?.colour;
}

/** The colour a frame taken at `atMs` shows lit, or undefined while the light is changing. */
function settledColourAt(sequence: readonly ColourWindow[], atMs: number): ScreenColour | undefined {
  const window = sequence.find((w) => atMs >= w.startMs && atMs < w.endMs) ?? sequence.at(-1);
  if (!window || atMs - window.startMs < SETTLE_MS) return undefined;
  return window.colour;
}

type Rgb = readonly [number, number, number];
const centred = (v: Rgb): [number, number, number] => {
  const mean = (v[0] + v[1] + v[2]) / 3;
  return [v[0] - mean, v[1] - mean, v[2] - mean];
};

/**
 * How far the background's chroma moved between two frames other than the way the screen's colour
 * change would move it (the part of its change orthogonal to the shown colours' change).
 */
function unexplainedRoomChange(a: { room: Rgb; expected: Rgb }, b: { room: Rgb; expected: Rgb }) {
  const room = [0, 1, 2].map((c) => (b.room[c] ?? 0) - (a.room[c] ?? 0));
  const light = [0, 1, 2].map((c) => (b.expected[c] ?? 0) - (a.expected[c] ?? 0));
  const lightSquares = light.reduce((sum, v) => sum + v * v, 0);
  const along = lightSquares > 0 ? room.reduce((sum, v, c) => sum + v * (light[c] ?? 0), 0) / lightSquares : 0;
  return Math.hypot(...room.map((v, c) => v - along * (light[c] ?? 0)));
}

/** How the face's colour followed the screen across the capture's colour changes. */
export interface LightReading {
  /** Frames read (taken while a colour had settled). */
  frames: number;
  /** Colour changes seen: consecutive read frames compared, under different colours. */
  changes: number;
  correlation: number;
  response: number;
}

/**
 * Reads a burst's lighting against the sequence. Per frame: the face's colour relative to the
 * background (log ratio per channel), and its chroma (the mean over channels removed, so brightness
 * and exposure drop out). Then from each read frame to the next: how that chroma moved, against how
 * the shown colour's chroma moved, between frames where the head and the room behind it held still.
 * Differences between neighbours cancel what stays put for a moment (skin tone, room light, the
 * head's pose), so a colour change must show as a change.
 */
export function readLight(
  sequence: readonly ColourWindow[],
  frames: readonly { atMs: number; yawDegrees: number; light: FrameLight }[],
): LightReading {
  const read = frames.flatMap((f) => {
    const colour = settledColourAt(sequence, f.atMs);
    if (!colour) return [];
    const ratio = [0, 1, 2].map(
      (c) => Math.log((f.light.face[c] ?? 0) + DARK_FLOOR) - Math.log((f.light.background[c] ?? 0) + DARK_FLOOR),
    ) as unknown as Rgb;
    const room = centred([0, 1, 2].map((c) => Math.log((f.light.background[c] ?? 0) + DARK_FLOOR)) as unknown as Rgb);
    return [
      {
        atMs: f.atMs,
        yaw: f.yawDegrees,
        room,
        colour,
        shift: centred(ratio),
        expected: centred(SCREEN_COLOURS[colour]),
      },
    ];
  });
  let dot = 0;
  let shiftSquares = 0;
  let expectedSquares = 0;
  let changes = 0;
  for (let i = 1; i < read.length; i++) {
    const [a, b] = [read[i - 1], read[i]] as [(typeof read)[number], (typeof read)[number]];
    if (b.atMs - a.atMs > MAX_PAIR_GAP_MS || Math.abs(b.yaw - a.yaw) > MAX_PAIR_YAW_CHANGE) continue;
    if (unexplainedRoomChange(a, b) > MAX_PAIR_ROOM_CHANGE) continue;
    if (a.colour !== b.colour) changes++;
    for (let c = 0; c < 3; c++) {
      const s = (b.shift[c] ?? 0) - (a.shift[c] ?? 0);
      const e = (b.expected[c] ?? 0) - (a.expected[c] ?? 0);
      dot += s * e;
      shiftSquares += s * s;
      expectedSquares += e * e;
    }
  }
  const correlation = shiftSquares > 0 && expectedSquares > 0 ? dot / Math.sqrt(shiftSquares * expectedSquares) : 0;
  const response = expectedSquares > 0 ? dot / expectedSquares : 0;
  return { frames: read.length, changes, correlation, response };
}

/** Why the burst's lighting does not show a face lit by the page, or undefined when it does. */
export function lightProblem(reading: LightReading): string | undefined {
  if (reading.frames < MIN_READ_FRAMES || reading.changes < MIN_COLOUR_CHANGES) {
    return "too few frames were taken while the screen's colours showed: keep the page open and your face in view for the whole check";
  }
  if (reading.correlation < MIN_LIGHT_CORRELATION || reading.response < MIN_LIGHT_RESPONSE) {
    return "your face did not reflect the colours the screen showed, as a face in front of it does: turn the screen's brightness up, sit closer and check again (a photo or a recorded video cannot pass)";
  }
  return undefined;
}
