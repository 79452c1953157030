import type { LiveFrame } from "../../../packages/domain/src/biometrics/enrolment-service.js";
import type { ChallengePose, PoseWindow } from "../../../packages/domain/src/biometrics/liveness-challenge.js";
import { photo } from "./fakes.js";

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
 * what it sees: each frame distinct, `spec` adds or overrides per frame (person, yaw, box).
 */
export function burstFor(
  windows: readonly PoseWindow[],
  spec: (atMs: number, index: number) => { person?: number; yaw?: number; box?: string } = () => ({}),
): LiveFrame[] {
  const length = windows.at(-1)?.endMs ?? 0;
  const frames: LiveFrame[] = [];
  for (let atMs = 0, i = 0; atMs <= length; atMs += STEP_MS, i++) {
    const { person = 1, yaw = followingYaw(windows, atMs), box } = spec(atMs, i);
    frames.push({ atMs, bytes: photo(`person=${person};yaw=${yaw};n=${i}${box ? `;box=${box}` : ""}`) });
  }
  return frames;
}

export const challengeLength = (windows: readonly PoseWindow[]) => windows.at(-1)?.endMs ?? 0;
