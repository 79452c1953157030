import { describe, expect, it } from "vitest";
import { FACE_EMBEDDING_MODEL } from "../../../packages/detection/src/face/face-pipeline.js";
import { SPEAKER_MODEL } from "../../../packages/detection/src/voice/models.js";
import { sealEmbedding } from "../../../packages/domain/src/biometrics/embedding-cipher.js";
import { FaceReenrolment } from "../../../packages/domain/src/biometrics/embedding-models.js";
import { VOICE_EMBEDDING_MODEL } from "../../../packages/domain/src/gallery/gallery-sync.js";
import { FakeAnalyser, photo, sayingPhrase } from "../accounts/fakes.js";
import { accountWorld } from "../accounts/world.js";

type World = ReturnType<typeof accountWorld>;

/** The gallery holds exactly the account's stored samples, with their verification and expiry. */
async function expectGalleryMirrorsSamples(w: World, userId: string) {
  const samples = await w.store.listSamples(userId);
  const view = (rows: { sampleId: string; modality: string; verified: boolean; deleteAfter?: string }[]) =>
    rows
      .map((r) => ({ sampleId: r.sampleId, modality: r.modality, verified: r.verified, deleteAfter: r.deleteAfter }))
      .sort((a, b) => a.sampleId.localeCompare(b.sampleId));
  expect(view(w.galleryIndex.of(userId))).toEqual(view(samples));
  return samples;
}

async function uploadFace(w: World, userId: string, bytes: Uint8Array) {
  const { uploadURL } = await w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
  await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, bytes, "image/jpeg", {});
  return w.enrolment.registerUpload(userId, "face", uploadURL);
}

describe("the gallery follows the sealed samples", () => {
  it("indexes every enrolled face and voice with its model, consent version and verification", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await uploadFace(w, userId, photo("person=1;yaw=0"));
    await expectGalleryMirrorsSamples(w, userId);
    // Held, but never searched until a live capture vouches for it (docs/privacy.md).
    expect(w.galleryIndex.of(userId)).toMatchObject([
      { verified: false, searched: false, source: "upload", model: FACE_EMBEDDING_MODEL },
    ]);

    await w.liveCapture(userId, 1, { voice: sayingPhrase() });
    await expectGalleryMirrorsSamples(w, userId);
    const rows = w.galleryIndex.of(userId);
    expect(rows).toHaveLength(5);
    // The live capture vouched for the uploaded photo: its row says so too.
    expect(rows.every((r) => r.verified && r.searched && r.consentVersion === "2026-11-biometric-v1")).toBe(true);
    expect(rows.find((r) => r.modality === "voice")?.model).toBe(VOICE_EMBEDDING_MODEL);
  });

  it("moves each row's expiry with the auto-delete choice and drops expired samples", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.liveCapture(userId, 1, { voice: sayingPhrase() });
    await w.profiles.update(userId, { dataExpiryDays: 30 });
    await expectGalleryMirrorsSamples(w, userId);
    await w.profiles.update(userId, { dataExpiryDays: -1 });
    expect(w.galleryIndex.of(userId).every((r) => r.deleteAfter === undefined)).toBe(true);

    await w.profiles.update(userId, { dataExpiryDays: 30 });
    w.clock.now = new Date("2026-12-23T00:00:00Z");
    expect(await w.samples.activeSamples(userId)).toEqual([]);
    expect(w.galleryIndex.of(userId)).toEqual([]);
  });

  it("drops the person from the gallery when they delete their biometrics or their account", async () => {
    const w = accountWorld();
    const ada = await w.member("ada@example.com");
    const bo = await w.member("bo@example.com");
    await w.liveCapture(ada.userId, 1, { voice: sayingPhrase() });
    await w.liveCapture(bo.userId, 2);
    await w.erasure.deleteBiometrics(ada.userId);
    expect(w.galleryIndex.of(ada.userId)).toEqual([]);
    // Someone else's rows stay.
    expect(w.galleryIndex.of(bo.userId)).toHaveLength(3);
    await w.erasure.deleteAccount(bo.userId);
    expect(w.galleryIndex.rows.size).toBe(0);
  });

  it("gives a migrated sample the new model's vector, and leaves one needing a new capture on its old model", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ana@example.com");
    for (const [sampleId, kept] of [
      ["kept", photo("person=4;yaw=0")],
      ["gone", undefined],
    ] as const) {
      const objectKey = kept ? `users/${userId}/samples/${sampleId}.jpg` : undefined;
      if (objectKey && kept) await w.objects.write(objectKey, kept, "image/jpeg", {});
      const embedding = new Float32Array([0.1, 0.2, 0.3]);
      const sample = {
        userId,
        personId: "self",
        modality: "face" as const,
        sampleId,
        source: objectKey ? ("live-capture" as const) : ("zero-knowledge" as const),
        verified: true,
        ...(objectKey ? { objectKey } : {}),
        ...(await sealEmbedding(w.keys, userId, "face", embedding)),
        quality: {},
        createdAt: w.clock.now.toISOString(),
      };
      await w.store.putSample(sample);
      await w.gallery.sampleEnrolled(sample, embedding);
    }
    await new FaceReenrolment({ ...w, analyser: new FakeAnalyser() }).reenrol(userId);
    const rows = Object.fromEntries(w.galleryIndex.of(userId).map((r) => [r.sampleId, r]));
    expect(rows.kept).toMatchObject({ model: FACE_EMBEDDING_MODEL, embedding: new Float32Array([4, 0, 0]) });
    expect(rows.gone).toMatchObject({ model: "face-api-dlib" });
  });

  it("names the speaker network the detection engine embeds voices with", () => {
    expect(VOICE_EMBEDDING_MODEL).toBe(SPEAKER_MODEL);
  });
});
