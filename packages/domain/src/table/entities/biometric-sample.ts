import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

export const FACE_REVIEW_PARTITION = "FACE#REVIEW";

/** An enrolled face or voice sample: the encrypted embedding and where the raw sample lives. */
export const BiometricSample = defineEntity({
  name: "BiometricSample",
  description: "One enrolled face or voice sample: envelope-encrypted embedding plus raw-object key.",
  schema: z.object({
    userId: z.string().min(1),
    personId: z.string().min(1),
    modality: z.enum(["face", "voice"]),
    sampleId: z.string().min(1),
    // zero-knowledge: analysed in the person's browser; no raw object, numbers as the browser reported them.
    source: z.enum(["upload", "live-capture", "zero-knowledge"]),
    // Verified only when the server itself checked it (biometrics/enrolment-verification.ts); a
    // client-reported (zero-knowledge) sample or an uploaded recording is never, whatever it claims.
    verified: z.boolean(),
    // A face is verified by the server's live check ("live-check", with the challenge it answered), or
    // by matching such a capture; "server-checked-capture" is the capture check before it, which three
    // still photos passed, so a face verified that way is demoted after deploy (live-check-demotion.ts).
    // A voice's live recording is still "server-checked-capture".
    verifiedBy: z
      .enum(["live-check", "matches-live-check", "server-checked-capture", "matches-server-checked-capture"])
      .optional(),
    liveCheckId: z.string().optional(),
    // A face verification the live check's introduction withdrew: the sample is kept, unverified and
    // unsearched, until a live check of the same face vouches for it again (which clears these).
    verificationLapsed: z.enum(["predates-live-check"]).optional(),
    verificationLapsedAt: isoDate.optional(),
    objectKey: z.string().optional(),
    encryptedEmbedding: z.string(),
    encryptedDataKey: z.string(),
    // The network that computed the embedding (face: "sface-2021dec"); absent on face samples stored
    // before the field, which were face-api's (biometrics/embedding-models.ts). Only like is compared with like.
    embeddingModel: z.string().optional(),
    quality: z.record(z.string(), z.unknown()).default({}),
    // The file's SHA-256 and (photos) perceptual hash, as scans hash found media: a found copy of this
    // very file is what a copyright claim may name (notices/original-match.ts). Absent on samples
    // enrolled before, and on zero-knowledge ones (the server never had the bytes).
    mediaSha256: z.string().optional(),
    perceptualHash: z.string().optional(),
    // A live capture whose face is already verified on another account: kept unverified until reviewed.
    // "challenged": a verified face another account's live check also passed, while both are asked
    // to pass it again (biometrics/face-review.ts): still searched, its notices blocked.
    reviewStatus: z.enum(["pending", "challenged"]).optional(),
    reviewId: z.string().optional(),
    createdAt: isoDate,
    deleteAfter: isoDate.optional(),
    expiresAt: epochSeconds.optional(),
  }),
  primary: {
    pk: "USER#{userId}",
    sk: "BIOMETRIC#{personId}#{modality}#{sampleId}",
  },
  indexes: {
    // Sparse: the frontal frame of each capture held for review because its face was already
    // verified on another account (which the gallery answers, gallery/gallery-face-register.ts).
    gsi2: {
      pk: FACE_REVIEW_PARTITION,
      sk: "{createdAt}#{userId}#{sampleId}",
    },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: {
    gsi2: (s) =>
      s.modality === "face" &&
      s.source === "live-capture" &&
      s.quality.pose === "front" &&
      s.reviewStatus === "pending",
  },
  ttl: true,
  accessPatterns: [
    "List a person's face and voice samples for matching",
    "Delete all of a user's biometrics",
    "List live captures held for review (gsi2, sparse)",
  ],
});
