import { describe, expect, it } from "vitest";
import { FACE_EMBEDDING_MODEL } from "../../../packages/detection/src/face/face-pipeline.js";
import { openEmbedding, sealEmbedding } from "../../../packages/domain/src/biometrics/embedding-cipher.js";
import {
  CURRENT_FACE_EMBEDDING_MODEL,
  FaceReenrolment,
} from "../../../packages/domain/src/biometrics/embedding-models.js";
import { enrolledEmbeddings } from "../../../packages/domain/src/biometrics/enrolled-identity.js";
import type { BiometricSampleRecord } from "../../../packages/domain/src/records.js";
import { FakeAnalyser, photo } from "./fakes.js";
import { accountWorld } from "./world.js";

/** A verified face sample as stored before samples recorded their model: a face-api descriptor. */
async function legacyFace(w: ReturnType<typeof accountWorld>, userId: string, sampleId: string, kept?: Uint8Array) {
  const objectKey = kept ? `users/${userId}/samples/${sampleId}.jpg` : undefined;
  if (objectKey && kept) await w.objects.write(objectKey, kept, "image/jpeg", {});
  const sample: BiometricSampleRecord = {
    userId,
    personId: "self",
    modality: "face",
    sampleId,
    source: objectKey ? "live-capture" : "zero-knowledge",
    verified: true,
    ...(objectKey ? { objectKey } : {}),
    ...(await sealEmbedding(w.keys, userId, "face", new Float32Array([0.1, 0.2, 0.3]))),
    quality: {},
    createdAt: w.clock.now.toISOString(),
  };
  await w.store.putSample(sample);
  return sample;
}

describe("face embeddings across a model upgrade", () => {
  it("names the model the detection engine computes now", () => {
    expect(CURRENT_FACE_EMBEDDING_MODEL).toBe(FACE_EMBEDDING_MODEL);
  });

  it("keeps older-model faces out of scans and unverified, recomputes those with a kept photo, and asks for a new capture otherwise", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ana@example.com");
    await legacyFace(w, userId, "kept", photo("person=7;yaw=0"));
    await legacyFace(w, userId, "zk");
    expect((await enrolledEmbeddings(w.samples, w.keys, userId)).face).toEqual([]);
    expect((await w.profiles.get(userId)).faceRecaptureNeeded).toBe(true);
    // Verified at enrolment, but scans do not search it: it cannot read as a protected face.
    expect((await w.profiles.get(userId)).faceVerified).toBe(false);

    const migration = new FaceReenrolment({ ...w, analyser: new FakeAnalyser() });
    expect(await migration.reenrol(userId)).toEqual({ recomputed: 1, needRecapture: 1 });
    const samples = await w.store.listSamples(userId);
    const kept = samples.find((s) => s.sampleId === "kept") as BiometricSampleRecord;
    expect(kept).toMatchObject({
      embeddingModel: CURRENT_FACE_EMBEDDING_MODEL,
      verified: true,
      source: "live-capture",
    });
    expect(Array.from(await openEmbedding(w.keys, userId, "face", kept))).toEqual([7, 0, 0]);
    expect(samples.find((s) => s.sampleId === "zk")?.embeddingModel).toBeUndefined();
    expect((await enrolledEmbeddings(w.samples, w.keys, userId)).face.map((f) => Array.from(f))).toEqual([[7, 0, 0]]);
    expect((await w.profiles.get(userId)).faceRecaptureNeeded).toBe(false);
    expect((await w.profiles.get(userId)).faceVerified).toBe(true);

    // Idempotent: nothing of the current model is touched again.
    expect(await migration.reenrol(userId)).toEqual({ recomputed: 0, needRecapture: 1 });
  });

  it("stamps new face samples with the current model", async () => {
    const w = accountWorld();
    const { userId } = await w.member("bo@example.com");
    await w.liveCapture(userId, 2);
    const faces = (await w.store.listSamples(userId)).filter((s) => s.modality === "face");
    expect(faces.length).toBe(3);
    for (const face of faces) expect(face.embeddingModel).toBe(CURRENT_FACE_EMBEDDING_MODEL);
  });
});
