import { z } from "zod";
import { POSES } from "./capture-rules.js";
import type { ReportedFace, ReportedVoice } from "./ports.js";

/**
 * The body of a zero-knowledge live capture: per pose, what the person's browser measured on its
 * own frame, and optionally what it measured on the voice recording. Numbers only; the frames and
 * the recording stay on the device.
 */

/**
 * Three descriptors of 128 numbers and a voice embedding of 256 as JSON are about 14 KB; anything
 * far bigger is not one.
 */
export const MAX_REPORTED_CAPTURE_BYTES = 32 * 1024;
export const DESCRIPTOR_LENGTH = 128;
export const VOICE_EMBEDDING_LENGTH = 256;
/** The longest recording the server's own voice intake decodes (seconds). */
const MAX_SPEECH_SECONDS = 600;

const between = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(min, `${name} lies between ${min} and ${max}`)
    .max(max, `${name} lies between ${min} and ${max}`);

// SFace embeddings are L2-normalised (face/sface.ts). Stored as the current face model's, so one of
// another length or norm (a page still running the older face-api build, whose descriptors have a
// norm near 1.4) must be refused rather than stored under the wrong model; a zero vector matches nobody.
const Descriptor = z
  .array(between("Each descriptor value", -1, 1), { error: "descriptor must be an array of numbers" })
  .length(DESCRIPTOR_LENGTH, `A face descriptor has exactly ${DESCRIPTOR_LENGTH} numbers`)
  .refine(
    (values) => Math.abs(Math.hypot(...values) - 1) <= 0.01,
    "This descriptor is not one the current face model gives: reload the page and capture again",
  );

const ReportedFaceInput = z.object({
  descriptor: Descriptor,
  faceCount: z.number({ error: "faceCount must be a number" }).int("faceCount must be a whole number").min(0).max(50),
  yawDegrees: between("yawDegrees", -90, 90),
  detectionScore: between("detectionScore", 0, 1),
  sizePx: between("sizePx", 0, 10_000),
  sharpness: between("sharpness", 0, 1_000_000),
});

// GE2E embeddings are means of ReLU outputs, L2-normalised: no value below 0, length 1.
const VoiceEmbedding = z
  .array(between("Each voice embedding value", 0, 1), { error: "voice.embedding must be an array of numbers" })
  .length(VOICE_EMBEDDING_LENGTH, `A voice embedding has exactly ${VOICE_EMBEDDING_LENGTH} numbers`)
  .refine((values) => Math.abs(Math.hypot(...values) - 1) < 1e-3, "This embedding is not one a voice gives");

const ReportedVoiceInput = z.object(
  {
    embedding: VoiceEmbedding,
    speechSeconds: between("voice.speechSeconds", 0, MAX_SPEECH_SECONDS),
    speakerSplitDistance: between("voice.speakerSplitDistance", 0, 2),
  },
  { error: "voice must be the recording's embedding and numbers" },
);

export const ReportedCaptureInput = z
  .object({
    faces: z
      .array(ReportedFaceInput, { error: "faces must be a list of the three poses" })
      .length(POSES.length, `Send exactly ${POSES.length} faces: front, left and right`),
    voice: ReportedVoiceInput.optional(),
  })
  .transform(({ faces, voice }): { faces: ReportedFace[]; voice?: ReportedVoice } => ({
    faces: faces.map(({ descriptor, faceCount, yawDegrees, ...quality }) => ({
      descriptor: Float32Array.from(descriptor),
      faceCount,
      yawDegrees,
      quality,
    })),
    ...(voice ? { voice: { ...voice, embedding: Float32Array.from(voice.embedding) } } : {}),
  }));

/** What the web app sends (`satisfies`): the reported numbers, as JSON carries them. */
export type ReportedCaptureRequest = z.input<typeof ReportedCaptureInput>;
