import { z } from "zod";
import { LikenessStanding } from "../accounts/web-contract.js";

/**
 * The web app's biometric answers (GET and POST /api/consent, the enrolment answers of PUT
 * /api/biometric/{face,voice}, POST /api/biometric-training, .../challenge and .../embeddings), written once: the
 * handlers check their answers with these in tests and the web app takes its types from them
 * (docs/architecture.md, "The web contract").
 */

/** GET /api/consent, and POST once given: the consent text in force and whether the person has given it (consent.ts). */
export const Consent = z.object({
  required: z.boolean(),
  version: z.string(),
  text: z.string(),
  givenAt: z.string().optional(),
});

/** PUT /api/biometric/{face,voice}: an uploaded sample was processed; verified only where the server could tell whose it is. */
export const UploadEnrolment = z.object({
  status: z.literal("processed"),
  verified: z.boolean(),
  /** What an unverified sample withholds, and how to verify it. */
  restriction: z.string().optional(),
});

/** POST /api/biometric-training: a live check's outcome and each modality's standing after it (enrolment-service.ts). */
export const LiveCheckResult = z.object({
  faces: z.number(),
  voice: z.boolean().optional(),
  verified: z.boolean(),
  enrolment: z.literal("server-checked-capture").optional(),
  /** "pending": the face is held while a review runs; "passed": this live check passed one. */
  review: z.enum(["pending", "passed"]).optional(),
  message: z.string().optional(),
  /** Whether the recording made during the check verified the voice, and if not, why. */
  voiceVerified: z.boolean().optional(),
  voiceMessage: z.string().optional(),
  status: LikenessStanding.optional(),
});

/** POST /api/biometric-training/embeddings: never verified, as the server cannot check reported numbers. */
export const ReportedEnrolment = z.object({
  faces: z.number().optional(),
  voice: z.boolean().optional(),
  verified: z.literal(false),
  enrolment: z.literal("client-reported").optional(),
  status: LikenessStanding.optional(),
});

/** A time window of the live check: milliseconds after the capture starts (liveness-challenge.ts, screen-light.ts). */
const TimeWindow = { startMs: z.number(), endMs: z.number() };

/**
 * POST /api/biometric-training/challenge: the poses in order, each with its time window, the screen
 * colours to show meanwhile, and the words to read aloud (enrolment-service.ts issueLiveChallenge).
 */
export const LiveChallenge = z.object({
  challengeId: z.string(),
  poses: z.array(z.object({ pose: z.enum(["front", "left", "right"]), ...TimeWindow })),
  colours: z.array(z.object({ colour: z.enum(["red", "green", "blue", "yellow", "cyan", "magenta"]), ...TimeWindow })),
  /** The words to read aloud during the check: the voice is verified only if the server hears them. */
  phrase: z.array(z.string()).optional(),
  frameIntervalMs: z.number(),
  expiresAt: z.string(),
});

/** POST /api/upload/{face,voice}: where to PUT the file, signed for its size. */
export const UploadUrl = z.object({ uploadURL: z.string() });

/** DELETE /api/biometric: what the erasure deleted (erasure-service.ts BiometricErasure). */
export const BiometricDeletion = z.object({
  deleted: z.object({ samples: z.number(), objects: z.number(), objectVersions: z.number() }),
});

export type Consent = z.infer<typeof Consent>;
export type UploadEnrolment = z.infer<typeof UploadEnrolment>;
export type LiveCheckResult = z.infer<typeof LiveCheckResult>;
export type ReportedEnrolment = z.infer<typeof ReportedEnrolment>;
export type LiveChallenge = z.infer<typeof LiveChallenge>;
export type UploadUrl = z.infer<typeof UploadUrl>;
export type BiometricDeletion = z.infer<typeof BiometricDeletion>;
