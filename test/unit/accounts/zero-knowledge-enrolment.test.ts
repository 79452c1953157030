import { describe, expect, it, vi } from "vitest";
import { DetectionAnalyser } from "../../../lambdas/src/shared/biometrics/detection-analyser.js";
import { openEmbedding } from "../../../packages/domain/src/biometrics/embedding-cipher.js";
import { enrolledEmbeddings } from "../../../packages/domain/src/biometrics/enrolled-identity.js";
import { searchedInScans } from "../../../packages/domain/src/biometrics/enrolment-verification.js";
import { ReportedCaptureInput } from "../../../packages/domain/src/biometrics/reported-capture.js";
import type { DomainError } from "../../../packages/domain/src/errors.js";
import { photo, wav } from "./fakes.js";
import { TEST_SESSION } from "./live-burst.js";
import { accountWorld } from "./world.js";

/** A plausible (unit-length) descriptor whose first value names the person (the fake analyser compares it). */
const descriptor = (person: number) => {
  const rest = Math.sqrt(Math.max(0, 1 - (person / 10) ** 2) / 127);
  return Array.from({ length: 128 }, (_, i) => (i === 0 ? person / 10 : rest));
};
const face = (person: number, yawDegrees: number, overrides: Record<string, unknown> = {}) => ({
  descriptor: descriptor(person),
  faceCount: 1,
  yawDegrees,
  detectionScore: 0.98,
  sizePx: 180,
  sharpness: 900,
  ...overrides,
});
const capture = (faces: unknown[]) => ReportedCaptureInput.parse({ faces }).faces;
const poses = (person = 1) => capture([face(person, 2), face(person, -24), face(person, 22)]);
/** A GE2E-like embedding (non-negative, length 1) whose first value names the speaker. */
const voiceEmbedding = (speaker: number) => {
  const raw = Array.from({ length: 256 }, (_, i) => (i === 0 ? speaker : 1));
  const norm = Math.hypot(...raw);
  return raw.map((v) => v / norm);
};
const voice = (speaker: number, overrides: Record<string, unknown> = {}) => ({
  embedding: voiceEmbedding(speaker),
  speechSeconds: 7.5,
  speakerSplitDistance: 0.08,
  ...overrides,
});
const withVoice = (person: number, voiceBody: unknown) => {
  const body = ReportedCaptureInput.parse({
    faces: [face(person, 2), face(person, -24), face(person, 22)],
    voice: voiceBody,
  });
  if (!body.voice) throw new Error("voice expected");
  return body as { faces: typeof body.faces; voice: NonNullable<typeof body.voice> };
};

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: DomainError) => ({ kind: e.kind, message: e.message }),
  );

async function zeroKnowledgeMember(w: ReturnType<typeof accountWorld>, email: string) {
  const member = await w.member(email);
  await w.profiles.update(member.userId, { privacySettings: { zeroKnowledge: true } });
  return member;
}

describe("zero-knowledge capture body", () => {
  const message = (body: unknown) => {
    const result = ReportedCaptureInput.safeParse(body);
    return result.success ? "accepted" : result.error.issues[0]?.message;
  };

  it("accepts three poses of 128 numbers and hands them on as Float32Arrays", () => {
    const [front] = capture([face(1, 0), face(1, -20), face(1, 20)]);
    expect(front?.descriptor).toBeInstanceOf(Float32Array);
    expect(front?.descriptor.length).toBe(128);
    expect(front?.quality).toEqual({ detectionScore: 0.98, sizePx: 180, sharpness: 900 });
  });

  it("accepts a voice embedding of 256 numbers with its gate numbers, as a Float32Array", () => {
    const { voice: parsed } = withVoice(1, voice(3));
    expect(parsed.embedding).toBeInstanceOf(Float32Array);
    expect(parsed.embedding.length).toBe(256);
    expect(parsed).toMatchObject({ speechSeconds: 7.5, speakerSplitDistance: 0.08 });
  });

  it("refuses a voice part that is not a voice embedding and its numbers, saying why", () => {
    const ok = [face(1, 0), face(1, -20), face(1, 20)];
    const voiceMessage = (overrides: Record<string, unknown>) => message({ faces: ok, voice: voice(1, overrides) });
    expect(message({ faces: ok, voice: "recording.wav" })).toBe("voice must be the recording's embedding and numbers");
    expect(voiceMessage({ embedding: voiceEmbedding(1).slice(1) })).toBe("A voice embedding has exactly 256 numbers");
    expect(voiceMessage({ embedding: voiceEmbedding(1).map((v, i) => (i === 3 ? -v : v)) })).toBe(
      "Each voice embedding value lies between 0 and 1",
    );
    expect(voiceMessage({ embedding: new Array(256).fill(0.01) })).toBe("This embedding is not one a voice gives");
    expect(voiceMessage({ speechSeconds: 9000 })).toBe("voice.speechSeconds lies between 0 and 600");
    expect(voiceMessage({ speakerSplitDistance: "one" })).toBe("voice.speakerSplitDistance must be a number");
  });

  it("refuses wrong counts, lengths, types and out-of-range numbers with a message saying which", () => {
    const ok = [face(1, 0), face(1, -20), face(1, 20)];
    expect(message({})).toBe("faces must be a list of the three poses");
    expect(message({ faces: ok.slice(0, 2) })).toBe("Send exactly 3 faces: front, left and right");
    expect(message({ faces: [face(1, 0, { descriptor: descriptor(1).slice(1) }), ...ok.slice(1)] })).toBe(
      "A face descriptor has exactly 128 numbers",
    );
    expect(message({ faces: [face(1, 0, { descriptor: descriptor(1).map(String) }), ...ok.slice(1)] })).toBe(
      "Each descriptor value must be a number",
    );
    expect(message({ faces: [face(1, 0, { descriptor: descriptor(30) }), ...ok.slice(1)] })).toBe(
      "Each descriptor value lies between -1 and 1",
    );
    // A face-api descriptor (norm near 1.4) from a page still on the older face model is refused too.
    expect(message({ faces: [face(1, 0, { descriptor: new Array(128).fill(0.12) }), ...ok.slice(1)] })).toBe(
      "This descriptor is not one the current face model gives: reload the page and capture again",
    );
    expect(message({ faces: [face(1, 0, { descriptor: new Array(128).fill(0) }), ...ok.slice(1)] })).toBe(
      "This descriptor is not one the current face model gives: reload the page and capture again",
    );
    expect(message({ faces: [face(1, 120), ...ok.slice(1)] })).toBe("yawDegrees lies between -90 and 90");
    expect(message({ faces: [face(1, 0, { faceCount: 1.5 }), ...ok.slice(1)] })).toBe(
      "faceCount must be a whole number",
    );
    expect(message({ faces: [face(1, 0, { detectionScore: 3 }), ...ok.slice(1)] })).toBe(
      "detectionScore lies between 0 and 1",
    );
  });
});

describe("zero-knowledge enrolment", () => {
  it("is unverified whatever the browser claims: one descriptor sent as all three poses with made-up yaw angles", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    // The probe: one still photo's descriptor, reported three times with invented turns and perfect quality.
    const stranger = capture([
      face(7, 0, { detectionScore: 1, sharpness: 999_999 }),
      face(7, -30, { detectionScore: 1, sharpness: 999_999 }),
      face(7, 30, { detectionScore: 1, sharpness: 999_999 }),
    ]);
    const answer = await w.enrolment.enrolReportedCapture(userId, stranger, withVoice(7, voice(9)).voice);
    expect(answer).toMatchObject({
      verified: false,
      enrolment: "client-reported",
      status: {
        face: {
          enrolled: true,
          verified: false,
          methods: ["client-reported"],
          noticesBlocked: true,
          restriction: expect.stringContaining("Notices under your name need a verified face"),
        },
        voice: { enrolled: true, verified: false, noticesBlocked: true },
      },
    });
    expect(answer.status.face.restriction).toContain("server-checked capture");
    const samples = await w.store.listSamples(userId);
    expect(samples).toHaveLength(4);
    expect(samples.every((s) => s.verified === false && s.source === "zero-knowledge")).toBe(true);
    expect(await w.profiles.get(userId)).toMatchObject({
      faceEnrolled: true,
      faceVerified: false,
      voiceVerified: false,
      likenessEnrolment: { face: { verified: false, noticesBlocked: true } },
    });
  });

  it("treats zero-knowledge samples stored verified before the rule as unverified", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    await w.enrolment.enrolReportedCapture(userId, poses(3));
    for (const sample of await w.store.listSamples(userId)) await w.store.putSample({ ...sample, verified: true });
    expect(await w.profiles.get(userId)).toMatchObject({ faceVerified: false });
  });

  it("becomes verified once a server-checked live capture of the same face matches it, and only then", async () => {
    const w = accountWorld();
    // Reported descriptors name their person by tenths, test photos by whole numbers.
    const personOf = (d: Float32Array) => Math.round((d[0] ?? 0) < 1 ? (d[0] ?? 0) * 10 : (d[0] ?? 0));
    vi.spyOn(w.analyser, "sameFace").mockImplementation((a, b) => {
      const same = personOf(a) === personOf(b);
      return { same, confidence: same ? 95 : 5 };
    });
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    await w.enrolment.enrolReportedCapture(userId, poses(7));
    await w.profiles.update(userId, { privacySettings: { zeroKnowledge: false } });
    // Someone else's face, captured live by the server, vouches for nothing reported.
    await w.liveCapture(userId, 3);
    const reported = () => w.store.listSamples(userId).then((all) => all.filter((s) => s.source === "zero-knowledge"));
    expect((await reported()).map((s) => s.verified)).toEqual([false, false, false]);
    expect((await w.profiles.get(userId)).likenessEnrolment.face).toMatchObject({
      verified: false,
      noticesBlocked: true,
    });

    await w.liveCapture(userId, 7);
    expect((await reported()).map((s) => [s.verified, s.verifiedBy])).toEqual(
      Array(3).fill([true, "matches-live-check"]),
    );
    expect((await w.profiles.get(userId)).likenessEnrolment.face).toMatchObject({
      verified: true,
      noticesBlocked: false,
    });
  });

  it("is not searched by scans until a live check proves it the holder's, whose frames the server never keeps", async () => {
    const w = accountWorld();
    const personOf = (d: Float32Array) => Math.round((d[0] ?? 0) < 1 ? (d[0] ?? 0) * 10 : (d[0] ?? 0));
    vi.spyOn(w.analyser, "sameFace").mockImplementation((a, b) => {
      const same = personOf(a) === personOf(b);
      return { same, confidence: same ? 95 : 5 };
    });
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    // Descriptors of three photos of a stranger, posted as the browser would: stored, never searched.
    await w.enrolment.enrolReportedCapture(userId, poses(7));
    const reported = () => w.store.listSamples(userId).then((all) => all.filter((s) => s.source === "zero-knowledge"));
    expect((await reported()).map((s) => searchedInScans(s))).toEqual([false, false, false]);
    expect((await enrolledEmbeddings(w.samples, w.keys, userId)).face).toEqual([]);

    // The holder's own live check, in the mode: frames analysed in memory, no photo kept, a face verified.
    expect(await w.liveCapture(userId, 7)).toMatchObject({ verified: true, faces: 3 });
    const live = (await w.store.listSamples(userId)).filter((s) => s.source === "live-capture");
    expect(live.map((s) => [s.verifiedBy, s.objectKey])).toEqual(Array(3).fill(["live-check", undefined]));
    expect(w.objects.objects.size).toBe(0);
    expect((await reported()).map((s) => [searchedInScans(s), s.verifiedBy])).toEqual(
      Array(3).fill([true, "matches-live-check"]),
    );
  });

  it("stores three sealed face embeddings marked zero-knowledge and unverified, with no raw object anywhere", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    expect(await w.enrolment.enrolReportedCapture(userId, poses(3))).toMatchObject({
      faces: 3,
      voice: false,
      verified: false,
      enrolment: "client-reported",
    });
    const samples = await w.store.listSamples(userId);
    expect(samples).toHaveLength(3);
    for (const sample of samples) {
      expect(sample).toMatchObject({ modality: "face", source: "zero-knowledge", verified: false });
      expect(sample.verifiedBy).toBeUndefined();
      expect(sample.objectKey).toBeUndefined();
      expect(sample.quality).toMatchObject({ reportedByBrowser: true });
      const opened = await openEmbedding(w.keys, userId, "face", sample);
      expect(Array.from(opened)).toEqual(Array.from(Float32Array.from(descriptor(3))));
    }
    expect(samples.map((s) => s.quality.pose).sort()).toEqual(["front", "left", "right"]);
    expect(w.objects.objects.size).toBe(0);
    expect(await w.profiles.get(userId)).toMatchObject({ faceEnrolled: true, faceVerified: false });
  });

  it("stores the browser's voice embedding sealed beside the faces, marked zero-knowledge, with no recording", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    const { faces, voice: reported } = withVoice(3, voice(5));
    expect(await w.enrolment.enrolReportedCapture(userId, faces, reported)).toMatchObject({
      faces: 3,
      voice: true,
      verified: false,
    });
    const [sample, ...others] = (await w.store.listSamples(userId)).filter((s) => s.modality === "voice");
    expect(others).toEqual([]);
    expect(sample).toMatchObject({ source: "zero-knowledge", verified: false });
    expect(sample?.objectKey).toBeUndefined();
    expect(sample?.quality).toEqual({ speechSeconds: 7.5, speakerSplitDistance: 0.08, reportedByBrowser: true });
    const opened = await openEmbedding(w.keys, userId, "voice", sample as NonNullable<typeof sample>);
    expect(Array.from(opened)).toEqual(Array.from(reported.embedding));
    expect(w.objects.objects.size).toBe(0);
  });

  it("refuses a voice the gates refuse, and then stores neither the voice nor the faces", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    const { faces, voice: reported } = withVoice(3, voice(5, { speechSeconds: 2 }));
    expect(await rejection(w.enrolment.enrolReportedCapture(userId, faces, reported))).toEqual({
      kind: "unprocessable",
      message: "Speech too short",
    });
    expect(await w.store.listSamples(userId)).toEqual([]);
  });

  it("is refused with a conflict while the account is not in zero-knowledge mode, and without consent", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    expect(await rejection(w.enrolment.enrolReportedCapture(userId, poses()))).toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/Zero-knowledge mode is off/),
    });
    const noConsent = await w.member("bob@example.com", false);
    await w.profiles.update(noConsent.userId, { privacySettings: { zeroKnowledge: true } });
    expect(await rejection(w.enrolment.enrolReportedCapture(noConsent.userId, poses()))).toMatchObject({
      kind: "forbidden",
    });
    expect(w.store.items.size).toBeGreaterThan(0);
    expect([...(await w.store.listSamples(userId)), ...(await w.store.listSamples(noConsent.userId))]).toEqual([]);
  });

  it("applies the live capture's pose rules and the engine's gates to the reported numbers, storing nothing", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    const cases: [unknown[], RegExp][] = [
      [[face(1, 0), face(1, 3), face(1, 30)], /^Photo 2 \(Turn Left\): Turn your head further to the left$/],
      [[face(1, 0), face(1, 30), face(1, 25)], /same way/],
      [[face(1, 0), face(2, -30), face(1, 30)], /same person/],
      [[face(1, 25), face(1, -30), face(1, 30)], /^Photo 1 \(Face Forward\): Look straight at the camera$/],
      [[face(1, 0, { faceCount: 2 }), face(1, -30), face(1, 30)], /Photo 1 \(Face Forward\)/],
    ];
    for (const [faces, message] of cases) {
      const refused = await rejection(w.enrolment.enrolReportedCapture(userId, capture(faces)));
      expect(refused.kind).toBe("unprocessable");
      expect(refused.message).toMatch(message);
    }
    expect(await w.store.listSamples(userId)).toEqual([]);
  });

  it("only ever writes to the caller's own account", async () => {
    const w = accountWorld();
    const alice = await zeroKnowledgeMember(w, "alice@example.com");
    const bob = await zeroKnowledgeMember(w, "bob@example.com");
    await w.enrolment.enrolReportedCapture(alice.userId, poses(1));
    await w.enrolment.enrolReportedCapture(bob.userId, poses(2));
    const alices = await w.store.listSamples(alice.userId);
    expect(alices).toHaveLength(3);
    for (const sample of alices) {
      expect(sample.userId).toBe(alice.userId);
      expect((await openEmbedding(w.keys, alice.userId, "face", sample))[0]).toBeCloseTo(0.1);
    }
  });

  it("does not let a browser-reported capture vouch for a photo uploaded after the mode is turned off", async () => {
    const w = accountWorld();
    const { userId } = await zeroKnowledgeMember(w, "ada@example.com");
    await w.enrolment.enrolReportedCapture(userId, poses(1));
    await w.profiles.update(userId, { privacySettings: { zeroKnowledge: false } });
    const { uploadURL } = await w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, photo("person=1;yaw=0"), "image/jpeg", {});
    expect(await w.enrolment.registerUpload(userId, "face", uploadURL)).toMatchObject({ verified: false });
  });

  it("takes no face photo and no recording while the mode is on: no upload URL, no registration, no voice capture", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const { uploadURL } = await w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, photo("person=1;yaw=0"), "image/jpeg", {});
    const { uploadURL: voiceURL } = await w.enrolment.createUploadUrl(userId, "voice", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(voiceURL) as string, wav("speech"), "audio/wav", {});
    await w.profiles.update(userId, { privacySettings: { zeroKnowledge: true } });

    // Refused unread: the uploaded photo is not read to be turned away.
    const reads = vi.spyOn(w.objects, "read");
    for (const refused of [
      w.enrolment.createUploadUrl(userId, "face", { size: 1024 }),
      w.enrolment.registerUpload(userId, "face", uploadURL),
      w.enrolment.enrolLiveCapture(userId, TEST_SESSION, async () => ({ frames: [], voice: wav("speech") })),
      w.enrolment.createUploadUrl(userId, "voice", { size: 1024 }),
      w.enrolment.registerUpload(userId, "voice", voiceURL),
    ]) {
      expect(await rejection(refused)).toMatchObject({
        kind: "conflict",
        message: expect.stringMatching(/not uploaded/),
      });
    }
    expect(reads).not.toHaveBeenCalled();
    expect(w.objects.objects.size).toBe(0);
    expect(await w.store.listSamples(userId)).toEqual([]);
    expect(await rejection(w.enrolment.createUploadUrl(userId, "voice", { size: 1024 }))).toMatchObject({
      message: expect.stringMatching(/^Zero-knowledge mode is on: voice recordings are analysed in your browser/),
    });
  });
});

describe("the detection engine's gates on reported faces", () => {
  const analyser = new DetectionAnalyser();
  const reported = (
    overrides: Partial<{ faceCount: number; yawDegrees: number; sizePx: number; sharpness: number }>,
  ) => {
    const { faceCount = 1, yawDegrees = 0, sizePx = 160, sharpness = 500 } = overrides;
    return {
      descriptor: Float32Array.from(descriptor(1)),
      faceCount,
      yawDegrees,
      quality: { detectionScore: 0.9, sizePx, sharpness },
    };
  };
  const reason = (result: ReturnType<DetectionAnalyser["assessReportedFace"]>) => (result.ok ? "ok" : result.reason);

  it("calls two speaker embeddings the same voice only as close as a scan's match floor", () => {
    const axis = (i: number) => Float32Array.from({ length: 256 }, (_, j) => (j === i ? 1 : 0));
    expect(analyser.sameVoice(axis(0), axis(0))).toMatchObject({ same: true });
    expect(analyser.sameVoice(axis(0), axis(1))).toMatchObject({ same: false });
  });

  it("refuses what a photo would be refused for, in the same words", () => {
    expect(reason(analyser.assessReportedFace(reported({ faceCount: 0 }), "frontal"))).toBe(
      "No face found in the photo",
    );
    expect(reason(analyser.assessReportedFace(reported({ faceCount: 2 }), "frontal"))).toBe("More than one face found");
    expect(reason(analyser.assessReportedFace(reported({ sizePx: 40 }), "frontal"))).toMatch(/^Face too small \(40 px/);
    expect(reason(analyser.assessReportedFace(reported({ sharpness: 10 }), "frontal"))).toBe("Photo too blurry");
    expect(reason(analyser.assessReportedFace(reported({ yawDegrees: 40 }), "frontal"))).toMatch(
      /^Face turned too far/,
    );
  });

  it("lets turned poses through the frontal-only gate, as for photos", () => {
    expect(reason(analyser.assessReportedFace(reported({ yawDegrees: 40 }), "turned"))).toBe("ok");
    expect(reason(analyser.assessReportedFace(reported({}), "frontal"))).toBe("ok");
  });
});

describe("the detection engine's gates on a reported voice", () => {
  const analyser = new DetectionAnalyser();
  const reported = (speechSeconds: number, speakerSplitDistance: number) => ({
    embedding: Float32Array.from(voiceEmbedding(1)),
    speechSeconds,
    speakerSplitDistance,
  });
  const reason = (result: ReturnType<DetectionAnalyser["assessReportedVoice"]>) => (result.ok ? "ok" : result.reason);

  it("refuses what a recording would be refused for, in the same words", () => {
    expect(reason(analyser.assessReportedVoice(reported(0, 0)))).toBe("No speech detected");
    expect(reason(analyser.assessReportedVoice(reported(2.34, 0)))).toBe("Speech too short: 2.3 s, need at least 4 s");
    expect(reason(analyser.assessReportedVoice(reported(9, 0.3)))).toBe("More than one speaker in the recording");
    expect(reason(analyser.assessReportedVoice(reported(9, 0.1)))).toBe("ok");
  });
});
