/**
 * The live capture's pose rules and the words enrolment refuses a face in, for the server and for
 * the person's browser alike: the web app imports this module for zero-knowledge capture, where the
 * photo never leaves the device, so it must import nothing and touch no Node API.
 */

/** The three guided poses (spec: front, 45 degrees left, 45 degrees right). */
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

/** Which gates a pose's photo meets: the first looks at the camera, the others are turned. */
export const poseKind = (poseIndex: number): "frontal" | "turned" => (poseIndex === 0 ? "frontal" : "turned");

/** What is wrong with one pose's head turn, or undefined when it is right for that pose. */
export function poseTurnProblem(poseIndex: number, yawDegrees: number): string | undefined {
  if (poseIndex === 0) return Math.abs(yawDegrees) > FRONT_MAX_YAW ? "Look straight at the camera" : undefined;
  if (Math.abs(yawDegrees) >= TURN_MIN_YAW) return undefined;
  return `Turn your head further to the ${poseIndex === 1 ? "left" : "right"}`;
}

/** A problem with one photo of the capture, named as the capture screen names its pose. */
export const photoProblem = (poseIndex: number, problem: string) =>
  `Photo ${poseIndex + 1} (${POSES[poseIndex]?.name ?? "extra"}): ${problem}`;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The detection engine's short face-gate reasons (packages/detection enrolment gates) in the screens' words. */
export function faceQualityReason(engineReason: string): string {
  if (engineReason === "no face found") return "No face found in the photo";
  if (engineReason === "more than one face") return "More than one face found";
  if (engineReason === "photo too blurred") return "Photo too blurry";
  return sentence(engineReason);
}
