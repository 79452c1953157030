import { z } from "zod";
import { POSES } from "./capture-rules.js";
import type { ReportedFace } from "./ports.js";

/**
 * The body of a zero-knowledge live capture: per pose, what the person's browser measured on its
 * own frame. Numbers only; the frame stays on the device.
 */

/** Three descriptors of 128 numbers as JSON are about 10 KB; anything far bigger is not one. */
export const MAX_REPORTED_CAPTURE_BYTES = 32 * 1024;
export const DESCRIPTOR_LENGTH = 128;

const between = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(min, `${name} lies between ${min} and ${max}`)
    .max(max, `${name} lies between ${min} and ${max}`);

// face-api descriptors hold values within about ±0.4 and a norm near 1.4; a zero vector matches nobody.
const Descriptor = z
  .array(between("Each descriptor value", -1, 1), { error: "descriptor must be an array of numbers" })
  .length(DESCRIPTOR_LENGTH, `A face descriptor has exactly ${DESCRIPTOR_LENGTH} numbers`)
  .refine((values) => Math.hypot(...values) >= 0.5, "This descriptor is not one a face gives");

const ReportedFaceInput = z.object({
  descriptor: Descriptor,
  faceCount: z.number({ error: "faceCount must be a number" }).int("faceCount must be a whole number").min(0).max(50),
  yawDegrees: between("yawDegrees", -90, 90),
  detectionScore: between("detectionScore", 0, 1),
  sizePx: between("sizePx", 0, 10_000),
  sharpness: between("sharpness", 0, 1_000_000),
});

export const ReportedCaptureInput = z
  .object({
    faces: z
      .array(ReportedFaceInput, { error: "faces must be a list of the three poses" })
      .length(POSES.length, `Send exactly ${POSES.length} faces: front, left and right`),
  })
  .transform(({ faces }): ReportedFace[] =>
    faces.map(({ descriptor, faceCount, yawDegrees, ...quality }) => ({
      descriptor: Float32Array.from(descriptor),
      faceCount,
      yawDegrees,
      quality,
    })),
  );
