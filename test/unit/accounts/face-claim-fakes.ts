import type { FaceRegisterLock } from "../../../packages/domain/src/biometrics/face-claim.js";
import type { FaceReviewRecord, FaceReviewStore } from "../../../packages/domain/src/biometrics/face-review.js";

/** The register's claim as the table keeps it: one item, taken when absent or lapsed. */
export class MemoryFaceRegisterLock implements FaceRegisterLock {
  held: { owner: string; until: number } | null = null;
  claims = 0;
  async claim(owner: string, now: Date, until: Date) {
    if (this.held && this.held.until >= now.getTime()) return false;
    this.held = { owner, until: until.getTime() };
    this.claims++;
    return true;
  }
  async giveBack(owner: string) {
    if (this.held?.owner === owner) this.held = null;
  }
}

export class MemoryFaceReviewStore implements FaceReviewStore {
  readonly reviews = new Map<string, FaceReviewRecord>();
  async open(review: FaceReviewRecord) {
    this.reviews.set(review.reviewId, structuredClone(review));
  }
  async get(reviewId: string) {
    const review = this.reviews.get(reviewId);
    return review ? structuredClone(review) : null;
  }
  async addChallenger(reviewId: string, userId: string) {
    this.reviews.get(reviewId)?.challengerUserIds.push(userId);
  }
  async recordPass(reviewId: string, userId: string) {
    const review = this.reviews.get(reviewId);
    if (!review) return null;
    review.passedUserIds.push(userId);
    return structuredClone(review);
  }
  async due(now: Date) {
    return [...this.reviews.values()].filter((r) => r.deadline < now.toISOString()).map((r) => structuredClone(r));
  }
  async close(reviewId: string) {
    this.reviews.delete(reviewId);
  }
}
