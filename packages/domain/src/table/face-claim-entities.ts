import { z } from "zod";
import { defineEntity } from "./entity.js";

const isoDate = z.string().datetime({ offset: true });

/** The sparse index partition of open face reviews, by deadline (FaceReview, gsi2). */
export const OPEN_FACE_REVIEWS_PARTITION = "FACEREVIEWS#OPEN";

/**
 * The claim on the register of verified faces (biometrics/face-claim.ts): one live check at a time
 * checks the register and writes its verified samples, so two accounts verifying the same face at
 * the same moment cannot both find it unclaimed. Taken by one conditional put, given back after the
 * write; a claim whose holder died lapses at `leaseUntil`.
 */
export const FaceRegisterClaim = defineEntity({
  name: "FaceRegisterClaim",
  description:
    "The claim one live check holds on the register of verified faces while it checks it and writes its samples (conditional put, lapses after a few seconds).",
  schema: z.object({
    owner: z.string().min(1),
    leaseUntil: z.number().int().nonnegative(),
    expiresAt: z.number().int().nonnegative(),
  }),
  primary: { pk: "FACEREGISTER", sk: "CLAIM" },
  ttl: true,
  accessPatterns: ["Claim the face register for one live check (conditional put), give it back (conditional delete)"],
});

/**
 * A face that passed two accounts' live checks: the account that verified it first (holder) and the
 * one whose live check matched it (challenger). Both are asked to pass the live check again by the
 * deadline; the one who does not loses the verification. Its own partition, so neither account's
 * export names the other; deleted once resolved.
 */
export const FaceReview = defineEntity({
  name: "FaceReview",
  description:
    "A face two accounts' live checks passed: both asked to pass it again by the deadline, notices for it blocked meanwhile; resolved (and deleted) at the deadline or once both passed.",
  schema: z.object({
    reviewId: z.string().min(1),
    holderUserId: z.string().min(1),
    /** The accounts whose live checks matched the face since (more than one when several tried). */
    challengerUserIds: z.array(z.string().min(1)),
    /** Who of them passed the live check again since the review opened. */
    passedUserIds: z.array(z.string().min(1)),
    openedAt: isoDate,
    deadline: isoDate,
  }),
  primary: { pk: "FACEREVIEW#{reviewId}", sk: "FACEREVIEW" },
  indexes: { gsi2: { pk: OPEN_FACE_REVIEWS_PARTITION, sk: "{deadline}#{reviewId}" } },
  accessPatterns: [
    "Open a review of a face two accounts verified (put), record each party's new live check (update)",
    "Find reviews past their deadline, oldest first, to resolve them (gsi2)",
  ],
});

export const FACE_CLAIM_ENTITIES = [FaceRegisterClaim, FaceReview] as const;
