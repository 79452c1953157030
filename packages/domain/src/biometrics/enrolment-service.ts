import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { AccountStore } from "../accounts/ports.js";
import { DomainError } from "../errors.js";
import type { GalleryWriter } from "../gallery/gallery-sync.js";
import { type BiometricSampleRecord, SELF_PERSON_ID, type UserProfileRecord } from "../records.js";
import { sha256Hex } from "../scanning/evidence.js";
import { POSES, photoProblem, poseKind } from "./capture-rules.js";
import type { ConsentService } from "./consent.js";
import { openEmbedding, sealEmbedding } from "./embedding-cipher.js";
import { CURRENT_FACE_EMBEDDING_MODEL, isCurrentEmbedding } from "./embedding-models.js";
import {
  FACE_HELD_FOR_REVIEW_MESSAGE,
  isServerVerified,
  modalityEnrolment,
  UNVERIFIED_ENROLMENT_MESSAGE,
  type VerifiedBy,
} from "./enrolment-verification.js";
import type { FaceClaims } from "./face-claim.js";
import {
  type BurstFrame,
  challengeLengthMs,
  checkAnswerTiming,
  checkBurst,
  checkFrameTimes,
  FRAME_INTERVAL_MS,
  MAX_FRAME_BYTES,
  newChallenge,
} from "./liveness-challenge.js";
import { describeSize, MAX_SAMPLE_BYTES, type SampleType, sniffSampleType } from "./media-type.js";
import { type OriginalHashes, originalHashes } from "./original-hashes.js";
import type {
  BiometricAnalyser,
  BiometricObjectStore,
  DataKeyService,
  FacePhotoAnalysis,
  LiveFrameAnalysis,
  LivenessStore,
  ReportedFace,
  ReportedVoice,
} from "./ports.js";
import { checkPoses } from "./poses.js";
import { autoDeleteTags, type DataExpiryDays, DEFAULT_DATA_EXPIRY_DAYS, sampleExpiry } from "./retention.js";
import { type SampleLibrary, sampleObjectKey, uploadKeyPrefix } from "./sample-library.js";
import { checkDeclaredUpload, type DeclaredUpload } from "./upload-limits.js";
import { phraseHeard, VOICE_NOT_VERIFIED } from "./voice-phrase.js";

export type Modality = "face" | "voice";
export const UPLOAD_URL_TTL_SECONDS = 600;

export interface EnrolmentDeps {
  store: AccountStore;
  objects: BiometricObjectStore;
  keys: DataKeyService;
  analyser: BiometricAnalyser;
  consent: ConsentService;
  samples: SampleLibrary;
  liveness: LivenessStore;
  /** One face, one account: the register claimed while a live check's face is looked up and written. */
  claims: FaceClaims;
  /** The gallery crawled media is matched against: it follows every sample written here. */
  gallery?: GalleryWriter;
  now: () => Date;
}

/** One camera frame of the burst, and when the page took it (ms after the capture started). */
export interface LiveFrame {
  bytes: Uint8Array;
  atMs: number;
}

export interface LiveCapture {
  /** The challenge the frames answer; absent when only a voice is sent. */
  challengeId?: string;
  frames: LiveFrame[];
  voice?: Uint8Array;
}

const wrongType = (modality: Modality) =>
  new DomainError(
    "unsupported-type",
    modality === "face"
      ? "Unsupported file type: upload a JPEG, PNG or WebP photo"
      : "Unsupported file type: upload a WAV, WebM, Ogg, MP3, M4A or FLAC recording",
  );

function checkSample(bytes: Uint8Array, modality: Modality, label = "File"): SampleType {
  if (bytes.byteLength > MAX_SAMPLE_BYTES) {
    throw new DomainError("too-large", `${label} is too large: ${describeSize(bytes.byteLength)}, the limit is 10 MB`);
  }
  const type = sniffSampleType(bytes);
  if (!type || type.kind !== (modality === "face" ? "image" : "audio")) throw wrongType(modality);
  return type;
}

type AcceptedFace = Extract<FacePhotoAnalysis, { ok: true }>;

const inZeroKnowledgeMode = (profile: UserProfileRecord | null) => profile?.privacySettings?.zeroKnowledge === true;

/** The mode's promise is that photos and recordings stay on the device, so the server takes none while it is on. */
const refusedInZeroKnowledge = (modality: Modality) =>
  new DomainError(
    "conflict",
    modality === "face"
      ? "Zero-knowledge mode is on: face photos are analysed in your browser, not uploaded. Use the live capture, or turn the mode off in Settings"
      : "Zero-knowledge mode is on: voice recordings are analysed in your browser, not uploaded. Record your voice in Biometric Training, or turn the mode off in Settings",
  );

const expiryDaysOf = (profile: UserProfileRecord | null): DataExpiryDays =>
  profile?.dataExpiryDays ?? DEFAULT_DATA_EXPIRY_DAYS;

/**
 * Taking a face or voice: consent first, the detection engine's quality gates, then the
 * embedding is sealed with KMS and the raw sample kept under the person's auto-delete choice.
 * A refused sample leaves nothing stored.
 */
export class EnrolmentService {
  constructor(private readonly deps: EnrolmentDeps) {}

  async createUploadUrl(userId: string, modality: Modality, declared: DeclaredUpload): Promise<{ uploadURL: string }> {
    await this.deps.consent.require(userId);
    if (inZeroKnowledgeMode(await this.deps.store.getProfile(userId))) throw refusedInZeroKnowledge(modality);
    checkDeclaredUpload(modality, declared);
    const key = `${uploadKeyPrefix(userId)}${randomUUID()}`;
    // Signed for the declared size only; the type is checked from the bytes on registration.
    return { uploadURL: await this.deps.objects.presignUpload(key, declared.size, UPLOAD_URL_TTL_SECONDS) };
  }

  async registerUpload(userId: string, modality: Modality, uploadURL: string) {
    await this.deps.consent.require(userId);
    const key = this.deps.objects.keyFromUploadUrl(uploadURL);
    // Only the caller's own upload keys: a URL naming anyone else's object is refused outright.
    if (!key?.startsWith(uploadKeyPrefix(userId)) || key.includes("..")) {
      throw new DomainError("forbidden", "This upload URL does not belong to your account");
    }
    const profile = await this.deps.store.getProfile(userId);
    if (inZeroKnowledgeMode(profile)) {
      // Refused unread: while the mode is on the server does not look at a photo or recording at all.
      await this.deps.objects.deleteAll(key);
      throw refusedInZeroKnowledge(modality);
    }
    const info = await this.deps.objects.head(key);
    if (!info) throw new DomainError("not-found", "Upload not found: send the file to the upload URL first");
    if (info.size > MAX_SAMPLE_BYTES) {
      await this.deps.objects.deleteAll(key);
      throw new DomainError("too-large", `File is too large: ${describeSize(info.size)}, the limit is 10 MB`);
    }
    const bytes = await this.deps.objects.read(key);
    const days = expiryDaysOf(profile);
    try {
      checkSample(bytes, modality);
      if (modality === "face") return await this.enrolUploadedFace(userId, key, bytes, days);
      return await this.enrolVoice(userId, key, bytes, days);
    } catch (error) {
      await this.deps.objects.deleteAll(key);
      throw error;
    }
  }

  /**
   * A fresh liveness challenge for the live capture: the poses in a random order with random
   * timing, a nonce, two minutes to answer, once, from this account and session.
   */
  async issueLiveChallenge(userId: string, sessionHash: string) {
    await this.deps.consent.require(userId);
    // Zero-knowledge mode too: its live check's frames are analysed in memory and never stored.
    const challenge = newChallenge({
      challengeId: randomBytes(16).toString("base64url"),
      userId,
      sessionHash,
      now: this.deps.now(),
      randomInt: (below) => randomInt(below),
    });
    await this.deps.liveness.putChallenge(challenge);
    // Not awaited: it loads while the person takes the check; a failure shows when the capture is heard.
    this.deps.analyser.prepareTranscription().catch(() => {});
    return {
      challengeId: challenge.challengeId,
      poses: challenge.windows,
      colours: challenge.colours,
      phrase: challenge.phrase,
      frameIntervalMs: FRAME_INTERVAL_MS,
      expiresAt: challenge.expiresAt,
    };
  }

  /**
   * The multipart live capture: a burst of camera frames answering a challenge from
   * issueLiveChallenge, and a voice recording, either or both. `readCapture` is called only once
   * consent and the account's mode allow a capture, so a refused request's body is never parsed.
   * The voice is verified only by liveVoiceVerdict's rules: recorded with the burst that passed
   * the challenge, saying its phrase, in the account's voice. A voice recorded alone (the
   * onboarding's voice step) is kept unverified. In zero-knowledge mode the frames are analysed in
   * memory and never stored (only the sealed embeddings are), and no voice is taken. A face already
   * verified on another account is kept, but held for review and not verified.
   */
  async enrolLiveCapture(userId: string, sessionHash: string, readCapture: () => Promise<LiveCapture>) {
    await this.deps.consent.require(userId);
    const profile = await this.deps.store.getProfile(userId);
    const zeroKnowledge = inZeroKnowledgeMode(profile);
    const capture = await readCapture();
    // The mode keeps recordings off the server: its voice is enrolled from the browser instead.
    if (zeroKnowledge && capture.voice) throw refusedInZeroKnowledge("voice");
    const voiceOnly = capture.frames.length === 0 && capture.voice !== undefined;
    const voiceType = capture.voice ? checkSample(capture.voice, "voice", "Voice recording") : undefined;
    const { poses, phrase } = voiceOnly
      ? { poses: [], phrase: undefined }
      : await this.checkLiveBurst(userId, sessionHash, capture);
    const liveCheckId = voiceOnly ? undefined : capture.challengeId;
    const voice = capture.voice ? await this.deps.analyser.analyseVoice(capture.voice) : undefined;
    // A recording alone that fails the voice gates is refused; beside a passed face check it only goes unverified.
    if (voice && !voice.ok && voiceOnly) throw new DomainError("unprocessable", voice.reason);
    const voiceVerdict = !(capture.voice && voice)
      ? undefined
      : voice.ok
        ? await this.liveVoiceVerdict(userId, capture.voice, voice.embedding, phrase)
        : { verified: false as const, reason: `${VOICE_NOT_VERIFIED.unusable} (${voice.reason}).` };

    const front = poses[0]?.analysis;
    const days = expiryDaysOf(profile);
    // A person under review of their face who passes the live check again: recorded, nothing stored.
    const reviewPassed = front
      ? await this.deps.claims.passReview(userId, (sample) => this.sameAsSample(userId, sample, front.descriptor))
      : null;
    const storeFaces = (heldForReview: boolean) =>
      this.storePoses(
        userId,
        poses.map((p) => p.analysis),
        days,
        "live-capture",
        // In zero-knowledge mode the frames were analysed in memory and are not kept.
        zeroKnowledge
          ? undefined
          : async (i, sampleId) => {
              const { frame, type, analysis } = poses[i] as (typeof poses)[number];
              const objectKey = sampleObjectKey(userId, sampleId, type.extension);
              await this.deps.objects.write(objectKey, frame, type.mime, autoDeleteTags(days));
              return { objectKey, hashes: originalHashes(frame, analysis.perceptualHash) };
            },
        heldForReview,
        liveCheckId,
      );
    const heldForReview =
      front && !reviewPassed
        ? await this.deps.claims.enrol(userId, front.descriptor, async (held) => {
            await storeFaces(held);
            return held;
          })
        : false;
    // A voice recorded alone is kept unverified; one that failed the phrase or speaker rule is not kept.
    const keepVoice =
      voice?.ok === true &&
      (voiceVerdict?.verified === true || voiceVerdict?.reason === VOICE_NOT_VERIFIED.noChallenge);
    if (voice?.ok && capture.voice && voiceType && keepVoice) {
      const sampleId = randomUUID();
      const objectKey = sampleObjectKey(userId, sampleId, voiceType.extension);
      await this.deps.objects.write(objectKey, capture.voice, voiceType.mime, autoDeleteTags(days));
      await this.storeSample(
        userId,
        "voice",
        sampleId,
        "live-capture",
        voiceVerdict?.verified ? voiceVerdict.by : undefined,
        objectKey,
        voice.embedding,
        days,
        { speechSeconds: voice.speechSeconds },
        originalHashes(capture.voice),
        undefined,
        voiceVerdict?.verified && voiceVerdict.by === "live-check" ? liveCheckId : undefined,
      );
    }
    if (front && !heldForReview && !reviewPassed) await this.confirmUnverifiedFaces(userId, front.descriptor);
    if (voice?.ok && voiceVerdict?.verified) await this.confirmUnverifiedVoices(userId, voice.embedding);
    const status = await this.standing(userId);
    const voiceResult = voiceVerdict
      ? {
          voiceVerified: voiceVerdict.verified,
          ...(voiceVerdict.verified ? {} : { voiceMessage: voiceVerdict.reason }),
        }
      : {};
    if (reviewPassed) {
      return {
        faces: 0,
        voice: Boolean(keepVoice),
        ...voiceResult,
        verified: status.face.verified,
        enrolment: "server-checked-capture" as const,
        review: "passed" as const,
        message: `Your live check passed. The review of your face ends by ${reviewPassed.deadline.slice(0, 10)} (sooner once everyone asked has taken it), and we will tell you its outcome.`,
        status,
      };
    }
    if (heldForReview) {
      return {
        faces: poses.length,
        voice: Boolean(keepVoice),
        ...voiceResult,
        verified: false as const,
        enrolment: "server-checked-capture" as const,
        review: "pending" as const,
        message: FACE_HELD_FOR_REVIEW_MESSAGE,
        status,
      };
    }
    return {
      faces: poses.length,
      voice: Boolean(keepVoice),
      ...voiceResult,
      verified: voiceOnly ? status.face.verified : (true as const),
      enrolment: "server-checked-capture" as const,
      status,
    };
  }

  /**
   * Whether a voice recorded in a live capture is verified, and if not, why in the person's words.
   * (a) It came in the same request as the burst that just passed the challenge, so it was recorded
   * in that session, before the challenge expired (checkAnswerTiming), for that challenge id. (b) The
   * recogniser hears the challenge's phrase in it (voice-phrase.ts), which no earlier or public
   * recording holds. (c) If the account has a voice enrolled already, the recording is the same
   * speaker (sameVoice, the scan's own match floor), so a live speaker cannot verify someone else's
   * recording already on the account.
   */
  private async liveVoiceVerdict(
    userId: string,
    recording: Uint8Array,
    embedding: Float32Array,
    phrase: string[] | undefined,
  ): Promise<{ verified: true; by: "live-check" | "matches-live-check" } | { verified: false; reason: string }> {
    if (!phrase) {
      // A recording without a check (the paragraph of the voice step): verified only as a match of a voice that passed one.
      return (await this.matchesLiveVoice(userId, embedding))
        ? { verified: true, by: "matches-live-check" }
        : { verified: false, reason: VOICE_NOT_VERIFIED.noChallenge };
    }
    if (!phraseHeard(phrase, await this.deps.analyser.transcribe(recording))) {
      return { verified: false, reason: VOICE_NOT_VERIFIED.phraseNotHeard };
    }
    const enrolled = (await this.deps.samples.activeSamples(userId)).filter((s) => s.modality === "voice");
    for (const sample of enrolled) {
      const stored = await openEmbedding(this.deps.keys, userId, "voice", sample);
      if (this.deps.analyser.sameVoice(stored, embedding).same) return { verified: true, by: "live-check" };
    }
    return enrolled.length === 0
      ? { verified: true, by: "live-check" }
      : { verified: false, reason: VOICE_NOT_VERIFIED.otherSpeaker };
  }

  /**
   * The burst against its challenge, which is used up whatever the outcome: the frames' times and
   * bytes first (cheap), then every frame through the engine, then the motion, order and identity
   * rules. Gives the chosen frame of each pose, front, left, right, and the challenge's phrase.
   */
  private async checkLiveBurst(userId: string, sessionHash: string, capture: LiveCapture) {
    if (!capture.challengeId) {
      throw new DomainError("invalid", "Start the live check first: the capture answers a challenge from the server");
    }
    const now = this.deps.now();
    const challenge = checkAnswerTiming(await this.deps.liveness.takeChallenge(userId, capture.challengeId), {
      userId,
      sessionHash,
      now,
    });
    const elapsedMs = now.getTime() - Date.parse(challenge.issuedAt);
    const types = capture.frames.map((f, i) => {
      if (f.bytes.byteLength > MAX_FRAME_BYTES) {
        throw new DomainError("too-large", `Frame ${i + 1} is too large: ${describeSize(f.bytes.byteLength)}`);
      }
      return checkSample(f.bytes, "face", `Frame ${i + 1}`);
    });
    const hashed = capture.frames.map((f) => ({ atMs: f.atMs, sha256: sha256Hex(f.bytes) }));
    checkFrameTimes(hashed, challengeLengthMs(challenge), elapsedMs);
    const analyses: LiveFrameAnalysis[] = [];
    for (const frame of capture.frames) analyses.push(await this.deps.analyser.analyseLiveFrame(frame.bytes));
    const burst: BurstFrame[] = analyses.map((analysis, i) => ({
      ...(hashed[i] as { atMs: number; sha256: string }),
      analysis,
    }));
    const chosen = checkBurst(challenge, burst, elapsedMs, (a, b) => this.deps.analyser.sameFace(a, b).same);
    const poses = POSES.map(({ id }) => {
      const { frame } = chosen.find((c) => c.pose === id) as (typeof chosen)[number];
      const i = burst.indexOf(frame);
      return {
        frame: (capture.frames[i] as LiveFrame).bytes,
        type: types[i] as SampleType,
        analysis: analyses[i] as AcceptedFace,
      };
    });
    return { poses, phrase: challenge.phrase };
  }

  /** Whether a live check's face is the face of one of the person's own samples. */
  private async sameAsSample(userId: string, sample: BiometricSampleRecord, face: Float32Array): Promise<boolean> {
    const stored = await openEmbedding(this.deps.keys, userId, "face", sample);
    return this.deps.analyser.sameFace(stored, face).same;
  }

  /**
   * Zero-knowledge live capture: the browser sends only the three poses' descriptors, yaw and
   * quality numbers, and the voice's embedding with its speech and speaker numbers. The same gates
   * and pose rules run on them, but the server cannot see the frames or hear the recording: the
   * yaw angles that stand for liveness and the descriptor itself are whatever the page sent. So the
   * samples are stored unverified whatever they claim: scans search for them, but no notice goes
   * under the person's name on a match against them, and they never vouch for an uploaded photo.
   */
  async enrolReportedCapture(userId: string, faces: ReportedFace[], voice?: ReportedVoice) {
    await this.deps.consent.require(userId);
    const profile = await this.deps.store.getProfile(userId);
    if (!inZeroKnowledgeMode(profile)) {
      throw new DomainError(
        "conflict",
        "Zero-knowledge mode is off for this account: turn it on in Settings to enrol from your browser",
      );
    }
    if (faces.length !== POSES.length) {
      throw new DomainError("invalid", `Send exactly ${POSES.length} faces: front, left and right`);
    }
    const analyses = await this.acceptPoses(async (i) =>
      this.deps.analyser.assessReportedFace(faces[i] as ReportedFace, poseKind(i)),
    );
    const voiceAnalysis = voice ? this.deps.analyser.assessReportedVoice(voice) : undefined;
    if (voiceAnalysis && !voiceAnalysis.ok) throw new DomainError("unprocessable", voiceAnalysis.reason);
    const days = expiryDaysOf(profile);
    await this.storePoses(userId, analyses, days, "zero-knowledge");
    if (voiceAnalysis?.ok && voice) {
      await this.storeSample(
        userId,
        "voice",
        randomUUID(),
        "zero-knowledge",
        undefined,
        undefined,
        voiceAnalysis.embedding,
        days,
        {
          speechSeconds: voiceAnalysis.speechSeconds,
          speakerSplitDistance: voice.speakerSplitDistance,
          reportedByBrowser: true,
        },
      );
    }
    return {
      faces: analyses.length,
      voice: Boolean(voiceAnalysis?.ok),
      verified: false as const,
      enrolment: "client-reported" as const,
      status: await this.standing(userId),
    };
  }

  /** The person's face and voice standing after an enrolment, with what a missing verification withholds. */
  private async standing(userId: string) {
    const samples = await this.deps.samples.activeSamples(userId);
    return { face: modalityEnrolment(samples, "face"), voice: modalityEnrolment(samples, "voice") };
  }

  /** Every pose through the engine's gates, then the pose rules across them; the first refusal says which photo. */
  private async acceptPoses(analyse: (poseIndex: number) => Promise<FacePhotoAnalysis>): Promise<AcceptedFace[]> {
    const accepted: AcceptedFace[] = [];
    for (const i of POSES.keys()) {
      const analysis = await analyse(i);
      if (!analysis.ok) throw new DomainError("unprocessable", photoProblem(i, analysis.reason));
      accepted.push(analysis);
    }
    checkPoses(accepted, this.deps.analyser);
    return accepted;
  }

  /**
   * One sample per accepted pose. A live capture keeps each frame (`keepFrame` stores it and gives
   * its key); a zero-knowledge one has no frame, so its samples say the browser reported them.
   */
  private async storePoses(
    userId: string,
    analyses: AcceptedFace[],
    days: DataExpiryDays,
    source: "live-capture" | "zero-knowledge",
    keepFrame?: (poseIndex: number, sampleId: string) => Promise<{ objectKey: string; hashes: OriginalHashes }>,
    heldForReview = false,
    liveCheckId?: string,
  ) {
    for (const [i, analysis] of analyses.entries()) {
      const sampleId = randomUUID();
      const kept = keepFrame ? await keepFrame(i, sampleId) : undefined;
      // Only frames the server analysed itself, answering its live check, verify a face; reported
      // numbers never do. A face verified on another account first is held for review instead.
      const verifiedBy = source === "live-capture" && !heldForReview ? ("live-check" as const) : undefined;
      await this.storeSample(
        userId,
        "face",
        sampleId,
        source,
        verifiedBy,
        kept?.objectKey,
        analysis.descriptor,
        days,
        {
          pose: POSES[i]?.id ?? "",
          yawDegrees: analysis.yawDegrees,
          ...analysis.quality,
          ...(source === "zero-knowledge" ? { reportedByBrowser: true } : {}),
        },
        kept?.hashes,
        heldForReview ? "pending" : undefined,
        verifiedBy ? liveCheckId : undefined,
      );
    }
  }

  private async enrolUploadedFace(userId: string, key: string, bytes: Uint8Array, days: DataExpiryDays) {
    const analysis = await this.deps.analyser.analyseFacePhoto(bytes, "frontal");
    if (!analysis.ok) throw new DomainError("unprocessable", analysis.reason);
    // A photo proves nothing about who sent it: it counts only once a live capture of the same face exists.
    const verified = await this.matchesLiveFace(userId, analysis.descriptor);
    await this.deps.objects.setTags(key, autoDeleteTags(days));
    const verifiedBy = verified ? ("matches-live-check" as const) : undefined;
    await this.storeSample(
      userId,
      "face",
      randomUUID(),
      "upload",
      verifiedBy,
      key,
      analysis.descriptor,
      days,
      { yawDegrees: analysis.yawDegrees, ...analysis.quality },
      originalHashes(bytes, analysis.perceptualHash),
    );
    return { status: "processed" as const, verified };
  }

  private async enrolVoice(userId: string, key: string, bytes: Uint8Array, days: DataExpiryDays) {
    const analysis = await this.deps.analyser.analyseVoice(bytes);
    if (!analysis.ok) throw new DomainError("unprocessable", analysis.reason);
    await this.deps.objects.setTags(key, autoDeleteTags(days));
    // The server heard the file but cannot tell whose voice it is: an uploaded recording is anyone's,
    // until it matches a voice that said a live check's phrase.
    const verified = await this.matchesLiveVoice(userId, analysis.embedding);
    const verifiedBy = verified ? ("matches-live-check" as const) : undefined;
    await this.storeSample(
      userId,
      "voice",
      randomUUID(),
      "upload",
      verifiedBy,
      key,
      analysis.embedding,
      days,
      { speechSeconds: analysis.speechSeconds },
      originalHashes(bytes),
    );
    return verified
      ? { status: "processed" as const, verified }
      : { status: "processed" as const, verified, restriction: UNVERIFIED_ENROLMENT_MESSAGE.voice };
  }

  private async liveFaces(userId: string): Promise<BiometricSampleRecord[]> {
    const samples = await this.deps.samples.activeSamples(userId);
    // Only the live check's captures vouch: a capture verified before it may show anyone.
    return samples.filter(
      (s) =>
        s.modality === "face" &&
        s.source === "live-capture" &&
        isServerVerified(s) &&
        s.verifiedBy === "live-check" &&
        isCurrentEmbedding(s),
    );
  }

  private async matchesLiveFace(userId: string, descriptor: Float32Array): Promise<boolean> {
    for (const sample of await this.liveFaces(userId)) {
      const live = await openEmbedding(this.deps.keys, userId, "face", sample);
      if (this.deps.analyser.sameFace(live, descriptor).same) return true;
    }
    return false;
  }

  /**
   * A server-checked live capture vouches for earlier unverified faces of the same person: uploaded
   * photos and client-reported (zero-knowledge) descriptors that match its frontal pose. A face that
   * does not match stays unverified.
   */
  private async liveVoices(userId: string): Promise<BiometricSampleRecord[]> {
    const samples = await this.deps.samples.activeSamples(userId);
    // Only a voice that said the live check's phrase vouches: one verified before it may be anyone's recording.
    return samples.filter(
      (s) =>
        s.modality === "voice" && s.source === "live-capture" && isServerVerified(s) && s.verifiedBy === "live-check",
    );
  }

  private async matchesLiveVoice(userId: string, embedding: Float32Array): Promise<boolean> {
    for (const sample of await this.liveVoices(userId)) {
      const live = await openEmbedding(this.deps.keys, userId, "voice", sample);
      if (this.deps.analyser.sameVoice(live, embedding).same) return true;
    }
    return false;
  }

  /** As for faces: a live-captured voice vouches for earlier unverified recordings of the same speaker. */
  private async confirmUnverifiedVoices(userId: string, liveVoice: Float32Array) {
    const samples = await this.deps.samples.activeSamples(userId);
    const unverified = samples.filter((s) => s.modality === "voice" && !isServerVerified(s));
    for (const sample of unverified) {
      const earlier = await openEmbedding(this.deps.keys, userId, "voice", sample);
      if (this.deps.analyser.sameVoice(liveVoice, earlier).same) await this.markVerified(sample);
    }
  }

  private async confirmUnverifiedFaces(userId: string, liveFront: Float32Array) {
    const samples = await this.deps.samples.activeSamples(userId);
    // Earlier uploads and reported faces, and captures whose verification lapsed when the live check
    // came (live-check-demotion.ts): one live check of the same face verifies them again.
    const unverified = samples.filter(
      (s) =>
        s.modality === "face" &&
        (s.source !== "live-capture" || s.verificationLapsed !== undefined) &&
        s.reviewStatus !== "pending" &&
        !isServerVerified(s) &&
        isCurrentEmbedding(s),
    );
    for (const sample of unverified) {
      const earlier = await openEmbedding(this.deps.keys, userId, "face", sample);
      if (this.deps.analyser.sameFace(liveFront, earlier).same) await this.markVerified(sample);
    }
  }

  private async markVerified(sample: BiometricSampleRecord) {
    const { verificationLapsed: _lapsed, verificationLapsedAt: _at, ...kept } = sample;
    const verified: BiometricSampleRecord = { ...kept, verified: true, verifiedBy: "matches-live-check" };
    await this.deps.store.putSample(verified);
    await this.deps.gallery?.sampleChanged(verified);
  }

  private async storeSample(
    userId: string,
    modality: Modality,
    sampleId: string,
    source: BiometricSampleRecord["source"],
    verifiedBy: VerifiedBy | undefined,
    objectKey: string | undefined,
    embedding: Float32Array,
    days: DataExpiryDays,
    quality: Record<string, unknown>,
    hashes: OriginalHashes = {},
    reviewStatus?: "pending",
    liveCheckId?: string,
  ) {
    const createdAt = this.deps.now().toISOString();
    const sealed = await sealEmbedding(this.deps.keys, userId, modality, embedding);
    const sample: BiometricSampleRecord = {
      userId,
      personId: SELF_PERSON_ID,
      modality,
      sampleId,
      source,
      verified: verifiedBy !== undefined,
      ...(verifiedBy ? { verifiedBy } : {}),
      ...(liveCheckId ? { liveCheckId } : {}),
      ...(objectKey ? { objectKey } : {}),
      ...sealed,
      ...(modality === "face" ? { embeddingModel: CURRENT_FACE_EMBEDDING_MODEL } : {}),
      quality,
      ...hashes,
      ...(reviewStatus ? { reviewStatus } : {}),
      createdAt,
      ...sampleExpiry(createdAt, days),
    };
    await this.deps.store.putSample(sample);
    // After the record of truth: a failed gallery write leaves a sample unmatched until rebuilt, never a row without a sample.
    await this.deps.gallery?.sampleEnrolled(sample, embedding);
  }
}
