import { randomBytes } from "node:crypto";
import type { AccountStore } from "../accounts/ports.js";
import type { NoticeChannels } from "../accounts/security-notices.js";
import type { GalleryWriter } from "../gallery/gallery-sync.js";
import type { BiometricSampleRecord } from "../records.js";
import { isServerVerified } from "./enrolment-verification.js";
import type { SampleLibrary } from "./sample-library.js";

/** How long both holders have to pass the live check again. */
export const FACE_REVIEW_DAYS = 7;

/**
 * A face two or more accounts' live checks passed: the account that verified it first, the ones
 * whose live checks matched it since, and who of them passed the live check again.
 */
export interface FaceReviewRecord {
  reviewId: string;
  holderUserId: string;
  challengerUserIds: string[];
  passedUserIds: string[];
  openedAt: string;
  deadline: string;
}

export interface FaceReviewStore {
  open(review: FaceReviewRecord): Promise<void>;
  get(reviewId: string): Promise<FaceReviewRecord | null>;
  addChallenger(reviewId: string, userId: string): Promise<void>;
  recordPass(reviewId: string, userId: string): Promise<FaceReviewRecord | null>;
  /** Open reviews whose deadline is before `now`, oldest first. */
  due(now: Date): Promise<FaceReviewRecord[]>;
  close(reviewId: string): Promise<void>;
}

export interface FaceReviewDeps {
  reviews: FaceReviewStore;
  store: AccountStore;
  samples: SampleLibrary;
  gallery?: GalleryWriter;
  channels: NoticeChannels;
  now: () => Date;
}

const dateOf = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * The review of a face more than one account verified (issue 35): nobody can tell from a live check
 * alone whose face it is, so each account is asked (by email or text, and in the app) to pass the
 * live check again by a deadline. Whoever does keeps (or gains) the verification; whoever does not
 * loses it. Until it is resolved the newcomers' samples stay unverified and unsearched, and the
 * first holder's stay searched with their notices blocked.
 */
export class FaceReviews {
  constructor(private readonly deps: FaceReviewDeps) {}

  /**
   * The challenger's live check matched the holder's verified face: the challenger's held samples
   * (stored "pending") join the holder's open review of that face, or a new one; both are told.
   */
  async open(holderUserId: string, challengerUserId: string): Promise<FaceReviewRecord> {
    const holderFaces = (await this.deps.samples.activeSamples(holderUserId)).filter(
      (s) => s.modality === "face" && isServerVerified(s),
    );
    const existingId = holderFaces.find((s) => s.reviewStatus === "challenged" && s.reviewId)?.reviewId;
    const existing = existingId ? await this.deps.reviews.get(existingId) : null;
    const now = this.deps.now();
    const review: FaceReviewRecord = existing
      ? { ...existing, challengerUserIds: [...existing.challengerUserIds, challengerUserId] }
      : {
          reviewId: randomBytes(12).toString("base64url"),
          holderUserId,
          challengerUserIds: [challengerUserId],
          passedUserIds: [],
          openedAt: now.toISOString(),
          deadline: new Date(now.getTime() + FACE_REVIEW_DAYS * 86_400_000).toISOString(),
        };
    if (existing) await this.deps.reviews.addChallenger(review.reviewId, challengerUserId);
    else await this.deps.reviews.open(review);
    for (const sample of holderFaces.filter((s) => s.reviewId !== review.reviewId)) {
      await this.put({ ...sample, reviewStatus: "challenged", reviewId: review.reviewId });
    }
    for (const sample of await this.held(challengerUserId)) {
      if (!sample.reviewId) await this.put({ ...sample, reviewId: review.reviewId });
    }
    if (!existing) {
      await this.tell(
        holderUserId,
        "Your face needs a new live check",
        `Another LikenessGuard account's live check matched your verified face. Take the live check again in Biometric Training by ${dateOf(review.deadline)}; if you do not, your face loses its verification. Scans still search for your face meanwhile, but notices under your name on face matches are paused until the review ends.`,
      );
    }
    await this.tell(
      challengerUserId,
      "Your live check needs review",
      `Your live check needs review, so your face is not verified yet. Take the live check again in Biometric Training by ${dateOf(review.deadline)}. Until the review ends, scans do not search for this face and notices under your name stay blocked.`,
    );
    return review;
  }

  /**
   * A live check passed by an account with a face under review, whose face matches the one under
   * review (`matchesReviewedFace`): recorded as passed; the review ends at once when everyone in it
   * passed. Gives the review's deadline, or null when the account has no review to pass.
   */
  async recordLiveCheck(
    userId: string,
    matchesReviewedFace: (sample: BiometricSampleRecord) => Promise<boolean>,
  ): Promise<{ deadline: string } | null> {
    const underReview = (await this.deps.samples.activeSamples(userId)).filter(
      (s) => s.modality === "face" && s.reviewStatus !== undefined && s.reviewId,
    );
    const [sample] = underReview;
    if (!sample?.reviewId || !(await matchesReviewedFace(sample))) return null;
    const review = await this.deps.reviews.recordPass(sample.reviewId, userId);
    if (!review) return null;
    const holding = await this.stillHolding(review);
    if (holding.every((u) => review.passedUserIds.includes(u))) await this.resolve(review);
    return { deadline: review.deadline };
  }

  /**
   * The parties still in the review: the holder while a sample under it is verified (not demoted,
   * not erased since), each challenger while a held sample remains. Nobody waits on a party gone.
   */
  private async stillHolding(review: FaceReviewRecord): Promise<string[]> {
    const holding: string[] = [];
    for (const userId of [review.holderUserId, ...new Set(review.challengerUserIds)]) {
      const faces = (await this.deps.samples.activeSamples(userId)).filter((s) => s.reviewId === review.reviewId);
      const holds = userId === review.holderUserId ? faces.some((s) => isServerVerified(s)) : faces.length > 0;
      if (holds) holding.push(userId);
    }
    return holding;
  }

  /** Every review past its deadline, resolved (the scheduled job); one that fails is retried next run. */
  async resolveDue(onError: (reviewId: string, error: unknown) => void) {
    let resolved = 0;
    for (const review of await this.deps.reviews.due(this.deps.now())) {
      try {
        await this.resolve(review);
        resolved++;
      } catch (error) {
        onError(review.reviewId, error);
      }
    }
    return { resolved };
  }

  /** Whoever passed the live check again keeps (or gains) the verification; whoever did not loses it. */
  private async resolve(review: FaceReviewRecord) {
    for (const userId of [review.holderUserId, ...new Set(review.challengerUserIds)]) {
      const passed = review.passedUserIds.includes(userId);
      const faces = (await this.deps.samples.activeSamples(userId)).filter((s) => s.reviewId === review.reviewId);
      for (const sample of faces) await this.put(settled(sample, passed));
      if (faces.length === 0) continue;
      await this.tell(
        userId,
        passed ? "Your face is verified" : "Your face lost its verification",
        passed
          ? "The review of your face has ended: you passed the live check again, so your face is verified."
          : `The review of your face has ended: the live check was not passed again by ${dateOf(review.deadline)}, so your face is not verified. Its samples are kept, but scans do not search for them and notices under your name need a verified face; a live check in Biometric Training starts again.`,
      );
    }
    await this.deps.reviews.close(review.reviewId);
  }

  private held(userId: string) {
    return this.deps.samples
      .activeSamples(userId)
      .then((samples) => samples.filter((s) => s.modality === "face" && s.reviewStatus === "pending"));
  }

  private async put(sample: BiometricSampleRecord) {
    await this.deps.store.putSample(sample);
    await this.deps.gallery?.sampleChanged(sample);
  }

  private async tell(userId: string, subject: string, text: string) {
    const profile = await this.deps.store.getProfile(userId);
    if (profile?.email) await this.deps.channels.email({ to: profile.email, subject, text });
    if (profile?.phone) await this.deps.channels.sms({ phoneNumber: profile.phone, text: `${subject}. ${text}` });
  }
}

/** A sample of a resolved review: verified by the live check if its account passed, unverified if not. */
function settled(sample: BiometricSampleRecord, passed: boolean): BiometricSampleRecord {
  const { reviewStatus: _status, reviewId: _id, ...rest } = sample;
  if (passed) return { ...rest, verified: true, verifiedBy: sample.verifiedBy ?? "live-check" };
  const { verifiedBy: _by, liveCheckId: _check, ...unverified } = rest;
  return { ...unverified, verified: false };
}
