import type { LiveFrame } from "../../../packages/domain/src/biometrics/enrolment-service.js";
import type { ChallengePose, PoseWindow } from "../../../packages/domain/src/biometrics/liveness-challenge.js";
import {
  type ColourWindow,
  colourAt,
  type FrameLight,
  SCREEN_COLOURS,
} from "../../../packages/domain/src/biometrics/screen-light.js";
import { photo } from "./fakes.js";

/** What the service's issueLiveChallenge gives the page: the poses and the screen colours. */
export interface IssuedChallenge {
  poses: PoseWindow[];
  colours: ColourWindow[];
  /** The words to read aloud during the check. */
  phrase?: string[];
}

const SKIN = [170, 125, 105] as const;
const ROOM = [90, 95, 100] as const;
/**
 * The light a face and the room behind it show under a screen colour, through a camera whose white
 * balance and exposure drift from frame to frame: the screen adds a quarter to the skin's own colour
 * in the channels it lights, and a fortieth to the far room's.
 */
export function litLight(colour: readonly number[], n: number, strength = { face: 0.25, room: 0.025 }): FrameLight {
  const gain = [1 + 0.06 * Math.sin(n), 1 + 0.04 * Math.cos(n * 1.7), 1 - 0.05 * Math.sin(n * 0.6)];
  const lit = (base: readonly number[], k: number) =>
    [0, 1, 2].map((c) => Math.round((base[c] ?? 0) * (1 + k * (colour[c] ?? 0)) * (gain[c] ?? 1))) as [
      number,
      number,
      number,
    ];
  return { face: lit(SKIN, strength.face), background: lit(ROOM, strength.room) };
}

/** litLight as the fake engine reads it from a test frame's text: face then background, comma-separated. */
export function litFrame(colour: readonly number[], n: number, strength?: { face: number; room: number }) {
  const { face, background } = litLight(colour, n, strength);
  return [...face, ...background].join(",");
}

/** The session hash test captures are issued to (the handler hashes the cookie; the service only compares). */
export const TEST_SESSION = "test-session-hash";

/** The head angle a person holds for each pose, in the engine's sign (left is positive). */
export const POSE_YAW: Record<ChallengePose, number> = { front: 0, left: 30, right: -30 };
const STEP_MS = 300;
const TURN_MS = 600;

/** Where a person following the challenge has their head at `atMs`: a gradual turn at each new pose, then held. */
export function followingYaw(windows: readonly PoseWindow[], atMs: number): number {
  let from = POSE_YAW.front;
  for (const window of windows) {
    const to = POSE_YAW[window.pose];
    if (atMs < window.endMs || window === windows.at(-1)) {
      const progress = Math.min(1, Math.max(0, (atMs - window.startMs) / TURN_MS));
      return Math.round(from + (to - from) * progress);
    }
    from = to;
  }
  return from;
}

/**
 * A burst of test frames (a frame every 300 ms across the challenge) whose text tells the fake engine
 * what it sees: each frame distinct, its face lit by the colour the page shows then (litFrame), its
 * landmarks those of a head at its yaw; `spec` adds or overrides per frame (person, yaw, box, light,
 * `flat` for a flat picture's landmarks).
 */
export function burstFor(
  challenge: IssuedChallenge,
  spec: (
    atMs: number,
    index: number,
  ) => { person?: number; yaw?: number; box?: string; light?: string; flat?: boolean } = () => ({}),
): LiveFrame[] {
  const windows = challenge.poses;
  const length = windows.at(-1)?.endMs ?? 0;
  const frames: LiveFrame[] = [];
  for (let atMs = 0, i = 0; atMs <= length; atMs += STEP_MS, i++) {
    const shown = SCREEN_COLOURS[colourAt(challenge.colours, atMs) ?? "red"];
    const { person = 1, yaw = followingYaw(windows, atMs), box, light = litFrame(shown, i), flat } = spec(atMs, i);
    const extra = `${box ? `;box=${box}` : ""}${flat ? ";flat=1" : ""}`;
    frames.push({ atMs, bytes: photo(`person=${person};yaw=${yaw};n=${i};light=${light}${extra}`) });
  }
  return frames;
}

export const challengeLength = (windows: readonly PoseWindow[]) => windows.at(-1)?.endMs ?? 0;
