import { DomainError } from "../errors.js";
import { FRONT_MAX_YAW, TURN_MIN_YAW } from "./capture-rules.js";
import { MIN_TURN_PARALLAX, type Point, turnParallax } from "./face-parallax.js";
import {
  type ColourWindow,
  changesWhileStill,
  type FrameLight,
  lightProblem,
  newColourSequence,
  readLight,
  type StillSpan,
} from "./screen-light.js";
import { newPhrase } from "./voice-phrase.js";

/**
 * The server-issued liveness challenge of the live face capture, and the rules a burst of camera
 * frames must meet against it. Three still photos of someone can show three head angles, but they
 * cannot follow an order and timing the server chose a moment ago, nor turn the head gradually
 * between them; photos and recorded video cannot reflect a sequence of screen colours drawn a
 * moment ago (screen-light.ts); a flat picture cannot show the parallax of a turning head
 * (face-parallax.ts). What this still cannot tell apart from a live person is stated in
 * docs/privacy.md.
 */

export type ChallengePose = "front" | "left" | "right";

export interface PoseWindow {
  pose: ChallengePose;
  /** Milliseconds after the capture starts when the page asks for this pose. */
  startMs: number;
  /** When the next pose is asked for (or the capture ends). */
  endMs: number;
}

export interface LivenessChallenge {
  /** The nonce: 128 random bits, used once. */
  challengeId: string;
  userId: string;
  /** SHA-256 of the session cookie the challenge was issued to; another session cannot answer it. */
  sessionHash: string;
  windows: PoseWindow[];
  /** The screen colours the page shows during the capture, in order, covering it all. */
  colours: ColourWindow[];
  /**
   * The words the page shows for the person to read aloud, recorded in the same session: the
   * voice is verified only if the server hears them (voice-phrase.ts). Absent on challenges
   * stored before the phrase existed.
   */
  phrase?: string[];
  issuedAt: string;
  expiresAt: string;
}

/** One frame of the burst as the engine read it, with when the page took it. */
export interface BurstFrame {
  /** Milliseconds after the capture started, by the page's clock. */
  atMs: number;
  sha256: string;
  analysis:
    | {
        ok: true;
        descriptor: Float32Array;
        yawDegrees: number;
        box: { x: number; y: number; width: number; height: number };
        /** The face's 5 landmarks: eyes, nose tip, mouth corners (image-left first). */
        landmarks: Point[];
        light: FrameLight;
      }
    | { ok: false; reason: string };
}

export const CHALLENGE_TTL_SECONDS = 120;
/**
 * Each pose is asked for during a random 2.5-3.5 s, in 250 ms steps, so its timing cannot be known
 * ahead. Not shorter: after the turn, the held pose must show the light rule enough colour changes
 * (MIN_STILL_CHANGES); at 2-3.5 s a person following the prompts was refused about 1 check in 500
 * (bench/light-sim.ts).
 */
const POSE_MIN_MS = 2500;
const POSE_STEPS = 5;
const POSE_STEP_MS = 250;
/**
 * A person reacts to a new prompt and has turned within this long (a reaction of up to 0.5 s, a turn
 * of up to 0.7 s), and holds a pose until at least this long before the next is asked for (their
 * reaction to it). Slower people still pass (bench/light-sim.ts): this only steers the colours.
 */
const TURN_ALLOWANCE_MS = 1200;
const HOLD_BEFORE_NEXT_MS = 300;
/** Colour changes a challenge shows with the head held: the light rule needs 3 read, and frames get lost. */
export const MIN_STILL_CHANGES = 5;
const MAX_COLOUR_DRAWS = 50;
/** A pose reached up to this long after its window closed still counts: the page and the person lag. */
const LATE_GRACE_MS = 500;
/**
 * How often the page takes a frame: at 5 a second, a head turning from one side to the other in
 * 0.6 s shows about 25 degrees between frames, inside MAX_YAW_STEP. A gap past a second means
 * frames were left out.
 */
export const FRAME_INTERVAL_MS = 200;
export const MAX_FRAME_GAP_MS = 1000;
/**
 * A camera's frames come steadily: on average at least one every 400 ms across the capture (the
 * page takes one every 200 ms), and never two within 50 ms, so a burst is a continuous recording
 * rather than a few frames chosen from one.
 */
const MAX_MEAN_INTERVAL_MS = 400;
const MIN_FRAME_SPACING_MS = 50;
export const MIN_FRAMES = 8;
export const MAX_FRAMES = 64;
export const MAX_FRAME_BYTES = 512 * 1024;
/**
 * Motion limits between two consecutive frames (at most a second apart): a head turns through
 * intermediate angles, so a jump of more than 35 degrees is a cut between photos, not a turn; the
 * face moves less than half its width and changes size by less than a third.
 */
export const MAX_YAW_STEP = 35;
const MAX_CENTRE_SHIFT = 0.5;
const MAX_SIZE_RATIO = 1.33;
/** At most a quarter of the frames may be unusable (motion blur mid-turn); the rest must each show the face. */
const MAX_UNUSABLE_SHARE = 0.25;

const POSE_WORDS: Record<ChallengePose, string> = {
  front: "look straight at the camera",
  left: "turn your head to your left",
  right: "turn your head to your right",
};

/**
 * Whether a yaw angle shows the pose. The engine's yaw is positive when the nose sits towards the
 * image's right, which on an unmirrored camera frame is the person turning to their own left.
 */
export function showsPose(pose: ChallengePose, yawDegrees: number): boolean {
  if (pose === "front") return Math.abs(yawDegrees) <= FRONT_MAX_YAW;
  return pose === "left" ? yawDegrees >= TURN_MIN_YAW : yawDegrees <= -TURN_MIN_YAW;
}

/**
 * Where a person following the prompts holds their head: from TURN_ALLOWANCE_MS after each new pose
 * is asked for (none for a first pose of front, which needs no turn) until HOLD_BEFORE_NEXT_MS before
 * the next; the last span ends that long before the capture does, so the frames after a change there
 * are taken.
 */
export function stillSpans(windows: readonly PoseWindow[]): StillSpan[] {
  return windows.map((window, i) => ({
    startMs: window.startMs + (i === 0 && window.pose === "front" ? 0 : TURN_ALLOWANCE_MS),
    endMs: window.endMs - HOLD_BEFORE_NEXT_MS,
  }));
}

/**
 * A random colour sequence with at least MIN_STILL_CHANGES of its changes where the head is held:
 * drawn until one has (a few draws at most; the best of MAX_COLOUR_DRAWS otherwise), so that a person
 * following the prompts is not refused because the changes happened to fall while they turned. The
 * draws stay random, so the sequence is still unknown until the challenge is issued.
 */
function colourSequenceFor(windows: readonly PoseWindow[], randomInt: (below: number) => number) {
  const lengthMs = windows.at(-1)?.endMs ?? 0;
  const still = stillSpans(windows);
  let best = newColourSequence(lengthMs, randomInt);
  let bestChanges = changesWhileStill(best, still);
  for (let draw = 1; draw < MAX_COLOUR_DRAWS && bestChanges < MIN_STILL_CHANGES; draw++) {
    const next = newColourSequence(lengthMs, randomInt);
    const nextChanges = changesWhileStill(next, still);
    if (nextChanges > bestChanges) [best, bestChanges] = [next, nextChanges];
  }
  return best;
}

/** A fresh challenge: the three poses in a random order, each for a random time. `random` gives integers below n. */
export function newChallenge(input: {
  challengeId: string;
  userId: string;
  sessionHash: string;
  now: Date;
  randomInt: (below: number) => number;
}): LivenessChallenge {
  const poses: ChallengePose[] = ["front", "left", "right"];
  for (let i = poses.length - 1; i > 0; i--) {
    const j = input.randomInt(i + 1);
    [poses[i], poses[j]] = [poses[j] as ChallengePose, poses[i] as ChallengePose];
  }
  let startMs = 0;
  const windows = poses.map((pose) => {
    const endMs = startMs + POSE_MIN_MS + input.randomInt(POSE_STEPS) * POSE_STEP_MS;
    const window = { pose, startMs, endMs };
    startMs = endMs;
    return window;
  });
  return {
    challengeId: input.challengeId,
    userId: input.userId,
    sessionHash: input.sessionHash,
    windows,
    colours: colourSequenceFor(windows, input.randomInt),
    phrase: newPhrase(input.randomInt),
    issuedAt: input.now.toISOString(),
    expiresAt: new Date(input.now.getTime() + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
  };
}

export const challengeLengthMs = (c: Pick<LivenessChallenge, "windows">) => c.windows.at(-1)?.endMs ?? 0;

/**
 * A refused burst: what to do, in words a person understands, then the rule's own reason after
 * "Details:" (the page folds it away; support and logs read it).
 */
const refused = (message: string, details?: string) =>
  new DomainError("unprocessable", `Live check failed: ${message}${details ? `. Details: ${details}` : ""}`);

/** The challenge may be answered: the same account and session, in time, and not before it could have run. */
export function checkAnswerTiming(
  challenge: LivenessChallenge | null,
  answer: { userId: string; sessionHash: string; now: Date },
): LivenessChallenge {
  if (!challenge || challenge.userId !== answer.userId || challenge.sessionHash !== answer.sessionHash) {
    throw new DomainError(
      "invalid",
      "This live check is unknown or was already used: start the capture again to get a new one",
    );
  }
  if (answer.now.getTime() > Date.parse(challenge.expiresAt)) {
    throw new DomainError("invalid", "This live check has expired: start the capture again to get a new one");
  }
  if (answer.now.getTime() - Date.parse(challenge.issuedAt) < challengeLengthMs(challenge)) {
    throw refused(
      "the pictures arrived sooner than the turns could have been made: start again and follow each prompt as it appears",
      "the frames arrived before the poses could have been taken",
    );
  }
  return challenge;
}

type UsableFrame = BurstFrame & { analysis: Extract<BurstFrame["analysis"], { ok: true }> };

/** The burst's count, times and bytes, checked before any frame is analysed. */
export function checkFrameTimes(frames: Pick<BurstFrame, "atMs" | "sha256">[], lengthMs: number, elapsedMs: number) {
  if (frames.length < MIN_FRAMES) refusedFrames(`send at least ${MIN_FRAMES} frames across the poses`);
  if (frames.length > MAX_FRAMES) refusedFrames(`send at most ${MAX_FRAMES} frames`);
  const seen = new Set<string>();
  for (const [i, frame] of frames.entries()) {
    if (seen.has(frame.sha256))
      throw refused(
        "the camera sent the same picture twice, as a live camera never does: close any other app or virtual camera using it and try again",
        `frame ${i + 1} repeats an earlier frame exactly`,
      );
    seen.add(frame.sha256);
    const previous = frames[i - 1];
    if (!Number.isFinite(frame.atMs) || frame.atMs < 0 || frame.atMs > elapsedMs) {
      throw new DomainError("invalid", `Frame ${i + 1} has an impossible time: ${frame.atMs} ms`);
    }
    if (previous && frame.atMs <= previous.atMs) {
      throw new DomainError("invalid", `Frame ${i + 1} is not later than frame ${i}`);
    }
    if (previous && frame.atMs - previous.atMs < MIN_FRAME_SPACING_MS) {
      throw refused(
        "the pictures came faster than a camera takes them: try again with your camera itself, not a recording",
        `frame ${i + 1} came ${frame.atMs - previous.atMs} ms after frame ${i}; a camera's frames are further apart`,
      );
    }
  }
  const first = frames[0]?.atMs ?? 0;
  const last = frames.at(-1)?.atMs ?? 0;
  if (first > MAX_FRAME_GAP_MS || last < lengthMs - MAX_FRAME_GAP_MS) {
    throw refused(
      "the pictures do not cover the whole check: keep this page open and in front until it finishes, then try again",
      "the frames do not cover the whole capture",
    );
  }
  if (frames.length < lengthMs / MAX_MEAN_INTERVAL_MS) {
    throw refused(
      "too few pictures reached us for a continuous recording: keep this page open and in front until the check finishes, then try again",
      `${frames.length} frames over ${seconds(lengthMs)} is too few for a continuous recording: the page sends one every ${FRAME_INTERVAL_MS} ms`,
    );
  }
}

function refusedFrames(what: string): never {
  throw new DomainError("invalid", `Live check: ${what}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function usableFrames(frames: BurstFrame[]): UsableFrame[] {
  const usable = frames.filter((f): f is UsableFrame => f.analysis.ok);
  const crowded = frames.find((f) => !f.analysis.ok && f.analysis.reason === "More than one face found");
  if (crowded) throw refused("more than one face appeared in the frames: only you should be in view");
  if (frames.length - usable.length > frames.length * MAX_UNUSABLE_SHARE) {
    const reason = frames.find((f) => !f.analysis.ok)?.analysis;
    throw refused(
      "we could not see your face clearly in too many pictures: face the camera in good light and try again",
      `too many frames without a clear face (${reason && !reason.ok ? reason.reason : ""})`,
    );
  }
  for (const [i, frame] of usable.entries()) {
    const from = usable[i - 1]?.atMs ?? frame.atMs;
    if (frame.atMs - from > MAX_FRAME_GAP_MS) {
      // Say why: no frame taken then (a stalled page), or frames without a clear face (and what the engine saw).
      const between = frames.find((f) => f.atMs > from && f.atMs < frame.atMs)?.analysis;
      const why = between && !between.ok ? `: ${between.reason}` : ": no frame was taken";
      throw refused(
        "we could not see your face clearly for more than a second: keep your face in view and well lit while you turn",
        `no clear face for more than a second, from ${seconds(from)} to ${seconds(frame.atMs)}${why}`,
      );
    }
  }
  return usable;
}

/** Consecutive frames move like one head: gradual turns, a face box that slides rather than jumps. */
function checkMotion(frames: UsableFrame[]) {
  for (let i = 1; i < frames.length; i++) {
    const a = (frames[i - 1] as UsableFrame).analysis;
    const b = (frames[i] as UsableFrame).analysis;
    if (Math.abs(b.yawDegrees - a.yawDegrees) > MAX_YAW_STEP) {
      throw refused(
        "your head seemed to jump from one position to another instead of turning: turn it steadily when asked",
        "the head angle jumped between frames instead of turning",
      );
    }
    const centre = (box: typeof a.box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    const shift = Math.hypot(centre(b.box).x - centre(a.box).x, centre(b.box).y - centre(a.box).y);
    const ratio = Math.max(b.box.width / a.box.width, a.box.width / b.box.width);
    if (shift > MAX_CENTRE_SHIFT * Math.max(a.box.width, b.box.width) || ratio > MAX_SIZE_RATIO) {
      throw refused(
        "your face seemed to jump across the picture instead of moving: keep the camera still and your face in view",
        "the face jumped across the picture between frames instead of moving",
      );
    }
  }
}

/** Each pose is reached inside its window, and no turn shows before the page asked for it. */
function checkPoseOrder(frames: UsableFrame[], windows: PoseWindow[]) {
  for (const window of windows) {
    if (window.pose === "front") continue;
    const early = frames.find((f) => f.atMs < window.startMs && showsPose(window.pose, f.analysis.yawDegrees));
    if (early) throw refused(`the frames ${POSE_WORDS[window.pose]} before the page asked for it`);
  }
  for (const window of windows) {
    const reached = frames.some(
      (f) =>
        f.atMs >= window.startMs &&
        f.atMs <= window.endMs + LATE_GRACE_MS &&
        showsPose(window.pose, f.analysis.yawDegrees),
    );
    if (!reached) throw refused(`you did not ${POSE_WORDS[window.pose]} when asked`);
  }
}

/** The face reflected the screen's colours as they changed, frame by frame (screen-light.ts). */
function checkLight(frames: UsableFrame[], colours: readonly ColourWindow[]) {
  const problem = lightProblem(
    readLight(
      colours,
      frames.map((f) => ({ atMs: f.atMs, yawDegrees: f.analysis.yawDegrees, light: f.analysis.light })),
    ),
  );
  if (problem) throw refused(problem);
}

/** The turned frames show the nose moving out of the face's plane, as no flat picture can (face-parallax.ts). */
function checkDepth(frames: UsableFrame[], front: UsableFrame) {
  const turned = frames.filter((f) => Math.abs(f.analysis.yawDegrees) >= TURN_MIN_YAW).map((f) => f.analysis.landmarks);
  if (turnParallax(front.analysis.landmarks, turned) < MIN_TURN_PARALLAX) {
    throw refused("the face turned like a flat picture, not a head: turn your own head, not the camera or a photo");
  }
}

/** The frame that shows each challenged pose best: the most frontal for front, the furthest turn for a turn. */
function bestFrames(frames: UsableFrame[], windows: PoseWindow[]) {
  return windows.map((window) => {
    const inWindow = frames.filter(
      (f) =>
        f.atMs >= window.startMs &&
        f.atMs <= window.endMs + LATE_GRACE_MS &&
        showsPose(window.pose, f.analysis.yawDegrees),
    );
    const score = (f: UsableFrame) =>
      window.pose === "front" ? -Math.abs(f.analysis.yawDegrees) : Math.abs(f.analysis.yawDegrees);
    const best = inWindow.reduce((a, b) => (score(b) > score(a) ? b : a));
    return { pose: window.pose, frame: best };
  });
}

/**
 * Every rule of the burst against its challenge; the chosen frame of each pose on success. The
 * identity rule asks `sameFace` whether every usable frame shows the person of the best frontal one.
 */
export function checkBurst(
  challenge: LivenessChallenge,
  frames: BurstFrame[],
  elapsedMs: number,
  sameFace: (a: Float32Array, b: Float32Array) => boolean,
): { pose: ChallengePose; frame: UsableFrame }[] {
  checkFrameTimes(frames, challengeLengthMs(challenge), elapsedMs);
  const usable = usableFrames(frames);
  checkPoseOrder(usable, challenge.windows);
  checkMotion(usable);
  const chosen = bestFrames(usable, challenge.windows);
  const front = chosen.find((c) => c.pose === "front")?.frame as UsableFrame;
  for (const frame of usable) {
    if (!sameFace(front.analysis.descriptor, frame.analysis.descriptor)) {
      throw refused("the frames do not all show the same person");
    }
  }
  checkLight(usable, challenge.colours);
  checkDepth(usable, front);
  return chosen;
}
