import { DomainError } from "../errors.js";
import { photoProblem, poseTurnProblem } from "./capture-rules.js";
import type { BiometricAnalyser, FacePhotoAnalysis } from "./ports.js";

type Accepted = Extract<FacePhotoAnalysis, { ok: true }>;

/**
 * Liveness by pose: a still photo of someone else cannot turn its head, so the capture must show
 * the same face frontal, turned one way and turned the other. Which sign the engine gives to
 * "left" does not matter: the two turns must simply go opposite ways.
 */
export function checkPoses(analyses: Accepted[], analyser: BiometricAnalyser): void {
  const [front, left, right] = analyses;
  if (!front || !left || !right) throw new DomainError("invalid", "Send exactly 3 face photos: front, left and right");
  for (const [i, pose] of analyses.entries()) {
    const problem = poseTurnProblem(i, pose.yawDegrees);
    if (problem) throw new DomainError("unprocessable", photoProblem(i, problem));
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
