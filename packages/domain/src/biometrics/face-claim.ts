import { randomBytes } from "node:crypto";
import { DomainError } from "../errors.js";
import type { FaceReviews } from "./face-review.js";
import type { VerifiedFaceRegister } from "./ports.js";

/**
 * The register of verified faces, claimed by one live check at a time. A face has no key of its
 * own before it is enrolled (its embedding is a point, not a name), so two accounts' claims of a
 * new face keyed by it could not collide; the conditional write claims the register instead, for
 * the moment it takes to look the face up and write the samples, so the second of two concurrent
 * live checks of one face finds the first one's verified samples.
 */
export interface FaceRegisterLock {
  /** One conditional write: taken unless another live check holds a claim that has not lapsed. */
  claim(owner: string, now: Date, until: Date): Promise<boolean>;
  /** Gives the claim back (only the owner's own). */
  giveBack(owner: string): Promise<void>;
}

/** Longer than a claim is ever held (a lookup and a few writes); a holder that died lets go by then. */
export const FACE_CLAIM_LEASE_MS = 30_000;
/** How long a live check waits for the register before it asks the person to try again. */
const FACE_CLAIM_WAIT_MS = 20_000;
const RETRY_MS = 100;

export interface FaceClaimDeps {
  lock: FaceRegisterLock;
  register: VerifiedFaceRegister;
  reviews: FaceReviews;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * One face, one account (issue 35): a live check's face is looked up and its samples written while
 * the register is claimed. A face another account verified first is written held for review (not
 * verified, not searched), and the review of that face opens or grows: the holders are asked to
 * pass the live check again, and nobody is told which account holds it.
 */
export class FaceClaims {
  constructor(private readonly deps: FaceClaimDeps) {}

  async enrol<T>(userId: string, face: Float32Array, write: (heldForReview: boolean) => Promise<T>): Promise<T> {
    const owner = randomBytes(12).toString("base64url");
    await this.take(owner);
    try {
      const holder = await this.deps.register.holderOf(userId, face);
      const written = await write(holder !== null);
      if (holder) await this.deps.reviews.open(holder, userId);
      return written;
    } finally {
      await this.deps.lock.giveBack(owner);
    }
  }

  /** A live check of a face under review, by one of its holders: recorded (face-review.ts). */
  passReview(userId: string, matchesReviewedFace: Parameters<FaceReviews["recordLiveCheck"]>[1]) {
    return this.deps.reviews.recordLiveCheck(userId, matchesReviewedFace);
  }

  private async take(owner: string) {
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
    const giveUpAt = this.deps.now().getTime() + FACE_CLAIM_WAIT_MS;
    for (;;) {
      const now = this.deps.now();
      if (await this.deps.lock.claim(owner, now, new Date(now.getTime() + FACE_CLAIM_LEASE_MS))) return;
      if (now.getTime() >= giveUpAt) {
        throw new DomainError("conflict", "Many live checks are being verified at this moment: try again in a minute");
      }
      await sleep(RETRY_MS);
    }
  }
}
