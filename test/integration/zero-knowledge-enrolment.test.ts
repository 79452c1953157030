/**
 * Zero-knowledge enrolment on the local stack: descriptors computed in Node from real photos of
 * one person (frontal, turned one way, turned the other), and a voice embedding computed from a
 * real recording by the browser build's voice code on onnxruntime-web, posted as the browser would
 * post them; they are stored sealed with no object in the biometric bucket, and they are what a
 * scan loads.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { decodeAudio, faceDescriptors, matchFace } from "@lg/detection";
import { onnxWebRuntime } from "@lg/detection/runtimes/onnx-web";
import { assessVoiceWith, type VoiceModels } from "@lg/detection/voice/enrolment-gates";
import { matchVoice, speakerEmbedding } from "@lg/detection/voice/index";
import { voiceModelsFrom } from "@lg/detection/voice/model-files";
import { S3BiometricStore } from "@lg/domain/biometrics/adapters/s3-biometric-store";
import { enrolledEmbeddings } from "@lg/domain/biometrics/enrolled-identity";
import type { ReportedCaptureInput } from "@lg/domain/biometrics/reported-capture";
import { SampleLibrary } from "@lg/domain/biometrics/sample-library";
import { MATCH_FLOOR_PERCENT } from "@lg/domain/scanning/likeness-verdict";
import { newScanId } from "@lg/domain/scanning/scan-starter";
import { Threat } from "@lg/domain/table/entities";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { z } from "zod";
import { voiceModelBytes } from "../../scripts/build-voice-browser.js";
import { scanClients, startScan, waitForScan, watchEverywhereAsEnterprise } from "../support/scan-run.js";
import { threatClassification } from "../support/threat-classification.js";
import { clientConfig } from "./local-clients.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const mediaDir = stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");
const OBAMA = "faces/face_recognition/examples/knn_examples";
/** The engine reads these at about 1°, -30° and 25° of yaw. */
const POSE_PHOTOS = [`${OBAMA}/train/obama/obama.jpg`, `${OBAMA}/train/obama/obama2.jpg`, `${OBAMA}/test/obama1.jpg`];
const SAME_PERSON = "faces/face_recognition/examples/obama-720p.jpg";
const SOMEONE_ELSE = `${OBAMA}/train/biden/biden.jpg`;
const LIBRI = "voices/librispeech";
const VOICE = `${LIBRI}/1688/1688-142285-0000.flac`;
const SAME_VOICE = `${LIBRI}/1688/1688-142285-0003.flac`;
const OTHER_VOICE = `${LIBRI}/2033/2033-164914-0000.flac`;

const s3 = new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3"));

/** One pose as the endpoint takes it. */
type PostedFace = z.input<typeof ReportedCaptureInput>["faces"][number];
type PostedVoice = NonNullable<z.input<typeof ReportedCaptureInput>["voice"]>;

const pcmOf = async (file: string) =>
  (await decodeAudio(new Uint8Array(await readFile(path.join(mediaDir, file))))).samples;

/** What the browser build reports for a recording: its own models and gates, on onnxruntime-web. */
async function reportVoice(models: VoiceModels, file: string): Promise<PostedVoice> {
  const assessment = await assessVoiceWith(models, await pcmOf(file));
  if (!assessment.embedding) throw new Error(`${file} refused: ${assessment.reasons.join(", ")}`);
  return {
    embedding: Array.from(assessment.embedding),
    speechSeconds: assessment.speechSeconds,
    speakerSplitDistance: assessment.speakerSplitDistance ?? 0,
  };
}

/** What the browser build computes for a photo, computed here by the Node path (the e2e shows they agree). */
async function reportFor(file: string): Promise<PostedFace> {
  const faces = await faceDescriptors(new Uint8Array(await readFile(path.join(mediaDir, file))));
  const [face] = faces;
  if (!face) throw new Error(`no face in ${file}`);
  return { descriptor: Array.from(face.descriptor), faceCount: faces.length, ...face.quality };
}

const post = (person: SignedUpPerson | null, body: unknown) =>
  fetch(`${stack.url}/api/biometric-training/embeddings`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(person ? { cookie: person.cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function consentAndMode(person: SignedUpPerson, zeroKnowledge: boolean) {
  const { version } = (await (
    await fetch(`${stack.url}/api/consent`, { headers: { cookie: person.cookie } })
  ).json()) as {
    version: string;
  };
  const headers = { cookie: person.cookie, "content-type": "application/json" };
  const consent = await fetch(`${stack.url}/api/consent`, {
    method: "POST",
    headers,
    body: JSON.stringify({ version, agree: true }),
  });
  expect(consent.status).toBe(200);
  const profile = await fetch(`${stack.url}/api/profile`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ privacySettings: { zeroKnowledge } }),
  });
  expect(profile.status).toBe(200);
}

const objectsOf = async (userId: string) =>
  (await s3.send(new ListObjectsV2Command({ Bucket: stack.env.BIOMETRIC_BUCKET, Prefix: `users/${userId}/` })))
    .Contents ?? [];

let poses: PostedFace[];
let voice: PostedVoice;
beforeAll(async () => {
  poses = [];
  for (const file of POSE_PHOTOS) poses.push(await reportFor(file));
  voice = await reportVoice(await voiceModelsFrom(onnxWebRuntime(), await voiceModelBytes()), VOICE);
});

describe("zero-knowledge enrolment on the local stack", () => {
  it("refuses a body that is not three poses of numbers with 400 and a message, and an oversized one with 413", async () => {
    const ada = await signUp(stack.url, "zk-shapes");
    await consentAndMode(ada, true);
    const cases: [unknown, string][] = [
      ["{not json", "Request body must be valid JSON"],
      [{ faces: poses.slice(0, 2) }, "Send exactly 3 faces: front, left and right"],
      [
        { faces: [{ ...poses[0], descriptor: [0.1, 0.2, 0.3] }, ...poses.slice(1)] },
        "A face descriptor has exactly 128 numbers",
      ],
      [{ faces: [{ ...poses[0], yawDegrees: "left" }, ...poses.slice(1)] }, "yawDegrees must be a number"],
    ];
    for (const [body, message] of cases) {
      const res = await post(ada, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const padded = await post(ada, { faces: poses, padding: "x".repeat(40_000) });
    expect(padded.status).toBe(413);
    expect(await post(null, { faces: poses }).then((r) => r.status)).toBe(401);
  });

  it("takes no face photo from an account in zero-knowledge mode: no upload URL, no capture outside a live check", async () => {
    const fay = await signUp(stack.url, "zk-no-photos");
    await consentAndMode(fay, true);
    const uploadUrl = await fetch(`${stack.url}/api/upload/face`, {
      method: "POST",
      headers: { cookie: fay.cookie, "content-type": "application/json" },
      body: JSON.stringify({ size: 1024 }),
    });
    expect(uploadUrl.status).toBe(409);
    expect(((await uploadUrl.json()) as { message: string }).message).toMatch(/not uploaded/);
    const form = new FormData();
    const photo = new Uint8Array(await readFile(path.join(mediaDir, POSE_PHOTOS[0] as string)));
    for (const i of [0, 1, 2]) form.append(`frame${i}`, new Blob([photo], { type: "image/jpeg" }), `frame-${i}.jpg`);
    form.append("frameTimes", "0,200,400");
    // Frames answer only a live check (analysed in memory, never stored), and no voice is taken.
    const multipart = await fetch(`${stack.url}/api/biometric-training`, {
      method: "POST",
      headers: { cookie: fay.cookie },
      body: form,
    });
    expect(multipart.status).toBe(400);
    expect(((await multipart.json()) as { message: string }).message).toMatch(/Start the live check first/);
    const recording = new FormData();
    const wav = new Uint8Array(await readFile(path.join(mediaDir, VOICE)));
    recording.append("voiceRecording", new Blob([wav], { type: "audio/flac" }), "voice.flac");
    const voiceCapture = await fetch(`${stack.url}/api/biometric-training`, {
      method: "POST",
      headers: { cookie: fay.cookie },
      body: recording,
    });
    expect(voiceCapture.status).toBe(409);
    expect(await objectsOf(fay.userId)).toEqual([]);
    expect(await scanClients(stack.env).accounts.listSamples(fay.userId)).toEqual([]);
  });

  it("answers 409 while the account is not in zero-knowledge mode, and stores nothing", async () => {
    const bo = await signUp(stack.url, "zk-off");
    await consentAndMode(bo, false);
    const res = await post(bo, { faces: poses });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/Zero-knowledge mode is off/);
    expect(await scanClients(stack.env).accounts.listSamples(bo.userId)).toEqual([]);
  });

  it("refuses poses that turn the same way with the pose rule's message", async () => {
    const cy = await signUp(stack.url, "zk-same-way");
    await consentAndMode(cy, true);
    const [front, left] = poses as [PostedFace, PostedFace, PostedFace];
    const res = await post(cy, { faces: [front, left, left] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/turn the same way/);
  });

  it("stores the three descriptors sealed, with no raw object, and a scan does not search for them until a live check", async () => {
    const dee = await signUp(stack.url, "zk-enrol");
    const eve = await signUp(stack.url, "zk-other");
    await consentAndMode(dee, true);
    const res = await post(dee, { faces: poses });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ faces: 3, voice: false, verified: false, enrolment: "client-reported" });

    const { accounts, keys } = scanClients(stack.env);
    const samples = await accounts.listSamples(dee.userId);
    expect(samples).toHaveLength(3);
    for (const sample of samples) {
      expect(sample).toMatchObject({ modality: "face", source: "zero-knowledge", verified: false });
      expect(sample.objectKey).toBeUndefined();
      expect(sample.encryptedEmbedding).not.toContain(String(poses[0]?.descriptor[0]));
    }
    expect(await objectsOf(dee.userId)).toEqual([]);
    expect(await accounts.listSamples(eve.userId)).toEqual([]);

    const profile = (await (await fetch(`${stack.url}/api/profile`, { headers: { cookie: dee.cookie } })).json()) as {
      faceEnrolled: boolean;
      faceVerified: boolean;
    };
    expect(profile).toMatchObject({ faceEnrolled: true, faceVerified: false });

    // What the scan workflow loads for this person (enrolledEmbeddings), opened through KMS.
    const objects = new S3BiometricStore(s3, stack.env.BIOMETRIC_BUCKET ?? "");
    const library = new SampleLibrary({ store: accounts, objects, now: () => new Date() });
    // Nothing proves the descriptors are the holder's face: a scan loads none of them.
    expect((await enrolledEmbeddings(library, keys, dee.userId)).face).toEqual([]);
    // What it would have matched had it searched them: the same person's other photo, not someone else.
    const posted = { personId: "self", face: poses.map((p) => Float32Array.from(p.descriptor)), voice: [] };
    const [same] = await faceDescriptors(new Uint8Array(await readFile(path.join(mediaDir, SAME_PERSON))));
    const [other] = await faceDescriptors(new Uint8Array(await readFile(path.join(mediaDir, SOMEONE_ELSE))));
    const confidence = (d: Float32Array | undefined) => matchFace(d as Float32Array, [posted])?.confidence ?? 0;
    expect(confidence(same?.descriptor)).toBeGreaterThanOrEqual(MATCH_FLOOR_PERCENT);
    expect(confidence(other?.descriptor)).toBeLessThan(MATCH_FLOOR_PERCENT);
  });

  it("descriptors of a stranger's three public photos, posted as the browser would: the next scan searches nothing for that face and shows no threat from it", async () => {
    // The probe: the simulator's persona is planted on its platforms, so a search for this face finds them.
    const hunter = await signUp(stack.url, "zk-stranger");
    await watchEverywhereAsEnterprise({ env: stack.env }, hunter.userId, {
      firstName: "Quinn",
      lastName: "Hollowell",
      aliases: [],
      handles: [],
    });
    await consentAndMode(hunter, true);
    const enrolled = await post(hunter, { faces: poses });
    expect(enrolled.status).toBe(200);

    const headers = { cookie: hunter.cookie };
    // Asked for a scan, the account is told there is nothing to search for yet.
    const forced = await fetch(`${stack.url}/api/scan/force`, { method: "POST", headers });
    expect(forced.status).toBe(409);
    expect(((await forced.json()) as { message: string }).message).toMatch(
      /^Nothing to scan for yet: verify your face/,
    );
    // Its scheduled scan runs all the same (started as the scheduler starts it), and says why it searched no face.
    const run = await waitForScan(stack.env, await startScan(stack.env, hunter.userId, newScanId()));
    expect(run.status).toBe("SUCCEEDED");
    const outcome = (await (await fetch(`${stack.url}/api/scan/status`, { headers })).json()) as {
      status: string;
      threatsFound?: number;
      notSearched?: { face?: string };
    };
    expect(outcome).toMatchObject({ status: "succeeded", threatsFound: 0 });
    expect(outcome.notSearched?.face).toMatch(
      /^Your face was not searched: it was reported by your browser, and no live check has proven it is yours yet/,
    );
    const threats = (await (await fetch(`${stack.url}/api/threats`, { headers })).json()) as
      | unknown[]
      | { items: unknown[] };
    expect(Array.isArray(threats) ? threats : threats.items).toEqual([]);
  }, 400_000);

  it("stores the browser's voice embedding sealed with no recording, and a scan's identity matches that speaker's other clip, not someone else", async () => {
    const gil = await signUp(stack.url, "zk-voice");
    await consentAndMode(gil, true);
    const uploadUrl = await fetch(`${stack.url}/api/upload/voice`, {
      method: "POST",
      headers: { cookie: gil.cookie, "content-type": "application/json" },
      body: JSON.stringify({ size: 1024 }),
    });
    expect(uploadUrl.status).toBe(409);
    expect(((await uploadUrl.json()) as { message: string }).message).toMatch(
      /voice recordings are analysed in your browser/,
    );

    const tooShort = await post(gil, { faces: poses, voice: { ...voice, speechSeconds: 2.5 } });
    expect(tooShort.status).toBe(422);
    expect(((await tooShort.json()) as { message: string }).message).toBe("Speech too short: 2.5 s, need at least 4 s");
    const res = await post(gil, { faces: poses, voice });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ faces: 3, voice: true, verified: false });

    const { accounts, keys } = scanClients(stack.env);
    const voices = (await accounts.listSamples(gil.userId)).filter((s) => s.modality === "voice");
    expect(voices).toHaveLength(1);
    expect(voices[0]).toMatchObject({
      source: "zero-knowledge",
      verified: false,
      quality: { reportedByBrowser: true },
    });
    expect(voices[0]?.objectKey).toBeUndefined();
    expect(await objectsOf(gil.userId)).toEqual([]);

    const objects = new S3BiometricStore(s3, stack.env.BIOMETRIC_BUCKET ?? "");
    const library = new SampleLibrary({ store: accounts, objects, now: () => new Date() });
    const identity = await enrolledEmbeddings(library, keys, gil.userId);
    expect(identity.voice.map((v) => Array.from(v))).toEqual([Array.from(Float32Array.from(voice.embedding))]);
    // The scan's voice path embeds a found clip on the server and matches it against what was loaded.
    const floor = { minConfidence: MATCH_FLOOR_PERCENT };
    const same = matchVoice(await speakerEmbedding(await pcmOf(SAME_VOICE)), [identity], floor);
    expect(same?.personId).toBe(identity.personId);
    expect(matchVoice(await speakerEmbedding(await pcmOf(OTHER_VOICE)), [identity], floor)).toBeNull();
  });

  it("the probe: one still photo of someone else, sent as all three poses with made-up yaw, is not verified and no notice goes under the person's name", async () => {
    const mallory = await signUp(stack.url, "zk-probe");
    await consentAndMode(mallory, true);
    // One descriptor of one still photo of another person, reported three times with invented turns.
    const still = await reportFor(SOMEONE_ELSE);
    const res = await post(mallory, {
      faces: [
        { ...still, yawDegrees: 0 },
        { ...still, yawDegrees: -31 },
        { ...still, yawDegrees: 29 },
      ],
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      verified: boolean;
      status: { face: { verified: boolean; noticesBlocked: boolean; restriction?: string } };
    };
    expect(answer.verified).toBe(false);
    expect(answer.status.face).toMatchObject({ verified: false, noticesBlocked: true });
    expect(answer.status.face.restriction).toMatch(/Notices under your name need a verified face; verify it by/);
    const { accounts, threats } = scanClients(stack.env);
    expect((await accounts.listSamples(mallory.userId)).map((s) => s.verified)).toEqual([false, false, false]);

    // Threats for that face, as a scan records them now (match marked) and as one recorded before (unmarked).
    const at = new Date().toISOString();
    const planted = (id: string, face: Record<string, unknown>) =>
      threats.createIfAbsent(
        Threat.schema.parse({
          userId: mallory.userId,
          id,
          personId: "self",
          threatType: "likeness_misuse",
          confidence: 96,
          platform: "reddit",
          url: `https://www.reddit.com/r/pics/comments/${id}/`,
          status: "active",
          mediaSha256: "9f2c1e8b7a6d5c4b3a29181706f5e4d3c2b1a09f8e7d6c5b4a3928170615f4e3",
          detection: { face, voice: null, synthetic: "no-synthetic-evidence" },
          classification: threatClassification("likeness_misuse", {
            confidence: 96,
            ...(face.enrolment === "unverified" ? { enrolment: "unverified" as const } : {}),
          }),
          evidenceData: { hash: "h", manifestKey: `evidence/${id}.json`, capturedAt: at },
          createdAt: at,
          updatedAt: at,
        }),
      );
    await planted("zk-marked", { personId: "self", confidence: 96, enrolment: "unverified" });
    await planted("zk-unmarked", { personId: "self", confidence: 96 });
    const call = (route: string, body: unknown) =>
      fetch(`${stack.url}${route}`, {
        method: "POST",
        headers: { cookie: mallory.cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const threatId of ["zk-marked", "zk-unmarked"]) {
      for (const [route, body] of [
        ["/api/dmca", { threatId }],
        ["/api/dmca/send", { threatId, confirmations: [] }],
      ] as const) {
        const refused = await call(route, body);
        expect(refused.status).toBe(409);
        const { message } = (await refused.json()) as { message: string };
        expect(message).toContain("rests on an unverified enrolment, so no notice can be sent under your name");
        expect(message).toContain("server-checked capture");
      }
      expect((await threats.get(mallory.userId, threatId))?.status).toBe("active");
    }
  });
});
