import type { SignInResult } from "../../../packages/domain/src/accounts/auth-service.js";
import { AuthService } from "../../../packages/domain/src/accounts/auth-service.js";
import { type ErasureDeps, ErasureService } from "../../../packages/domain/src/accounts/erasure-service.js";
import { ExportService } from "../../../packages/domain/src/accounts/export-service.js";
import { ProfileService } from "../../../packages/domain/src/accounts/profile-service.js";
import { RateLimiter } from "../../../packages/domain/src/accounts/rate-limits.js";
import { CONSENT_VERSION, ConsentService } from "../../../packages/domain/src/biometrics/consent.js";
import type { LiveFrame } from "../../../packages/domain/src/biometrics/enrolment-service.js";
import { EnrolmentService } from "../../../packages/domain/src/biometrics/enrolment-service.js";
import { FaceClaims } from "../../../packages/domain/src/biometrics/face-claim.js";
import { FaceReviews } from "../../../packages/domain/src/biometrics/face-review.js";
import { SampleLibrary } from "../../../packages/domain/src/biometrics/sample-library.js";
import { GallerySync } from "../../../packages/domain/src/gallery/gallery-sync.js";
import { MemoryGalleryIndex, memoryFaceRegister } from "../gallery/memory-gallery.js";
import { MemoryFaceRegisterLock, MemoryFaceReviewStore } from "./face-claim-fakes.js";
import {
  FakeAnalyser,
  FakeDataKeys,
  FakeIdentityProvider,
  MemoryAccountStore,
  MemoryErasedAccounts,
  MemoryEvidenceStore,
  MemoryLivenessStore,
  MemoryObjectStore,
  MemoryRateCounters,
} from "./fakes.js";
import { burstFor, challengeLength, type IssuedChallenge, TEST_SESSION } from "./live-burst.js";

/** A sign-in that opened a session (not one that asked for an authenticator code). */
export function signedIn(result: SignInResult) {
  if ("mfaRequired" in result) throw new Error("The sign-in asked for an authenticator code");
  return result;
}

/** All account services over in-memory fakes, with a clock the test can move. */
export function accountWorld() {
  const clock = { now: new Date("2026-11-22T00:00:00Z") };
  const now = () => clock.now;
  const store = new MemoryAccountStore();
  const objects = new MemoryObjectStore();
  const evidence = new MemoryEvidenceStore();
  const schedules = {
    removed: [] as string[],
    upsert: async () => undefined,
    remove: async (name: string) => void schedules.removed.push(name),
  };
  const keys = new FakeDataKeys();
  const identity = new FakeIdentityProvider();
  const analyser = new FakeAnalyser();
  // The matching gallery, following every sample write as in production (test/unit/gallery).
  const galleryIndex = new MemoryGalleryIndex();
  const gallery = new GallerySync(() => galleryIndex);
  const samples = new SampleLibrary({ store, objects, gallery, now });
  const liveness = new MemoryLivenessStore(store);
  const consent = new ConsentService({ store, now });
  const erased = new MemoryErasedAccounts();
  // One face verified on one account: the register is the gallery's verified rows, as in production.
  const faces = memoryFaceRegister(galleryIndex, (a, b) => analyser.sameFace(a, b).same, now);
  // Messages to each account's own contact (a face review's), as the outbox would hold them.
  const told: { to: string; subject?: string; text: string }[] = [];
  const faceReviewStore = new MemoryFaceReviewStore();
  const faceReviews = new FaceReviews({
    reviews: faceReviewStore,
    store,
    samples,
    gallery,
    channels: {
      email: async ({ to, subject, text }) => void told.push({ to, subject, text }),
      sms: async ({ phoneNumber, text }) => void told.push({ to: phoneNumber, text }),
    },
    now,
  });
  const registerLock = new MemoryFaceRegisterLock();
  const claims = new FaceClaims({ lock: registerLock, register: faces, reviews: faceReviews, now });
  const enrolment = new EnrolmentService({
    store,
    objects,
    keys,
    analyser,
    consent,
    samples,
    liveness,
    claims,
    gallery,
    now,
  });
  const stoppedScans: string[] = [];
  const counters = new MemoryRateCounters();
  const limiter = new RateLimiter(counters, now);
  const auth = new AuthService({ identity, store, limiter, now });
  const erasureWith = (overrides: Partial<ErasureDeps>) =>
    new ErasureService({
      store,
      objects,
      identity,
      consent,
      evidence,
      schedules,
      erased,
      scans: {
        stopRunning: async (userId) => {
          stoppedScans.push(userId);
          return 0;
        },
      },
      settle: async () => undefined,
      gallery,
      now,
      ...overrides,
    });
  return {
    clock,
    store,
    objects,
    evidence,
    schedules,
    keys,
    analyser,
    identity,
    counters,
    limiter,
    auth,
    consent,
    samples,
    liveness,
    gallery,
    galleryIndex,
    faceReviews,
    faceReviewStore,
    registerLock,
    told,
    profiles: new ProfileService({ store, samples, now }),
    enrolment,
    /**
     * A live capture as the web app sends it: a fresh challenge, then (the clock moved past its
     * length) a burst of person `person` following it, unless `frames` builds another; and the voice.
     */
    async liveCapture(
      userId: string,
      person: number,
      options: {
        /** A recording, or one made for the challenge (to say its phrase). */
        voice?: Uint8Array | ((challenge: IssuedChallenge) => Uint8Array);
        frames?: (challenge: IssuedChallenge) => LiveFrame[];
        session?: string;
      } = {},
    ) {
      const challenge = await enrolment.issueLiveChallenge(userId, TEST_SESSION);
      const frames = options.frames ? options.frames(challenge) : burstFor(challenge, () => ({ person }));
      clock.now = new Date(clock.now.getTime() + challengeLength(challenge.poses) + 500);
      return enrolment.enrolLiveCapture(userId, options.session ?? TEST_SESSION, async () => ({
        challengeId: challenge.challengeId,
        frames,
        ...(options.voice
          ? { voice: typeof options.voice === "function" ? options.voice(challenge) : options.voice }
          : {}),
      }));
    },
    erased,
    stoppedScans,
    erasure: erasureWith({}),
    /** Erasure over this world's stores, with some of its collaborators replaced. */
    erasureWith,
    exports: new ExportService({ store, keys, now }),
    /** The tier billing gives the account: the account store reads it from billing, as this fake stores it. */
    async billedTier(userId: string, tier: "personal" | "professional" | "enterprise") {
      const profile = await store.getProfile(userId);
      if (!profile) throw new Error(`No profile for ${userId}`);
      await store.putProfile({ ...profile, membershipTier: tier });
    },
    /** Signs up, confirms and signs in; returns the new user's id and session token. */
    async member(email: string, withConsent = true) {
      await auth.signUp({ method: "email", email, password: "Correct-horse-9" }, "198.51.100.1");
      const { user, sessionToken } = signedIn(
        await auth.confirm({ username: email, code: identity.code, password: "Correct-horse-9" }, "198.51.100.1"),
      );
      if (withConsent) await consent.give(user.userId, CONSENT_VERSION);
      return { userId: user.userId, sessionToken };
    },
  };
}
