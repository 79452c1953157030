import { DomainError } from "../errors.js";
import type { BiometricAnalyser, FacePhotoAnalysis } from "./ports.js";

/** The three guided poses of the live capture (spec: front, 45 degrees left, 45 degrees right). */
export const POSES = [
  { id: "front", name: "Face Forward" },
  { id: "left", name: "Turn Left" },
  { id: "right", name: "Turn Right" },
] as const;

/**
 * Yaw limits in degrees. A guided 45-degree turn estimated from 2-D landmarks reads well below
 * 45, so a turn counts from 15 degrees; a frontal photo must stay within 12.
 */
export const FRONT_MAX_YAW = 12;
export const TURN_MIN_YAW = 15;

type Accepted = Extract<FacePhotoAnalysis, { ok: true }>;

/**
 * Liveness by pose: a still photo of someone else cannot turn its head, so the capture must show
 * the same face frontal, turned one way and turned the other. Which sign the engine gives to
 * "left" does not matter: the two turns must simply go opposite ways.
 */
export function checkPoses(analyses: Accepted[], analyser: BiometricAnalyser): void {
  const [front, left, right] = analyses;
  if (!front || !left || !right) throw new DomainError("invalid", "Send exactly 3 face photos: front, left and right");
  if (Math.abs(front.yawDegrees) > FRONT_MAX_YAW) {
    throw new DomainError("unprocessable", "Photo 1 (Face Forward): look straight at the camera");
  }
  if (Math.abs(left.yawDegrees) < TURN_MIN_YAW) {
    throw new DomainError("unprocessable", "Photo 2 (Turn Left): turn your head further to the left");
  }
  if (Math.abs(right.yawDegrees) < TURN_MIN_YAW) {
    throw new DomainError("unprocessable", "Photo 3 (Turn Right): turn your head further to the right");
  }
  if (Math.sign(left.yawDegrees) === Math.sign(right.yawDegrees)) {
    throw new DomainError(
      "unprocessable",
      "Photos 2 and 3 turn the same way: turn left for one and right for the other",
    );
  }
  for (const turned of [left, right]) {
    if (!analyser.sameFace(front.descriptor, turned.descriptor).same) {
      throw new DomainError("unprocessable", "The three photos do not show the same person");
    }
  }
}
