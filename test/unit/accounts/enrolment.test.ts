import { describe, expect, it, vi } from "vitest";
import type { DomainError } from "../../../packages/domain/src/errors.js";
import { photo, sayingPhrase, wav } from "./fakes.js";
import { burstFor, TEST_SESSION } from "./live-burst.js";
import { accountWorld } from "./world.js";

async function uploadFace(w: ReturnType<typeof accountWorld>, userId: string, bytes: Uint8Array) {
  const { uploadURL } = await w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
  const key = w.objects.keyFromUploadUrl(uploadURL) as string;
  await w.objects.write(key, bytes, "image/jpeg", {});
  return uploadURL;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: DomainError) => ({ kind: e.kind, message: e.message }),
  );

describe("biometric enrolment", () => {
  it("refuses every biometric step until consent is given", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com", false);
    expect(await rejection(w.enrolment.createUploadUrl(userId, "face", { size: 1024 }))).toMatchObject({
      kind: "forbidden",
    });
    expect(await rejection(w.liveCapture(userId, 1))).toMatchObject({
      kind: "forbidden",
    });
    expect((await w.consent.status(userId)).required).toBe(true);
  });

  it("keeps an uploaded photo unverified until a live capture of the same face confirms it", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const uploadURL = await uploadFace(w, userId, photo("person=1;yaw=0"));
    expect(await w.enrolment.registerUpload(userId, "face", uploadURL)).toEqual({
      status: "processed",
      verified: false,
    });
    expect((await w.profiles.get(userId)).faceVerified).toBe(false);

    expect(await w.liveCapture(userId, 1, { voice: sayingPhrase() })).toMatchObject({
      faces: 3,
      voice: true,
      verified: true,
      enrolment: "server-checked-capture",
      status: {
        face: { enrolled: true, verified: true, noticesBlocked: false },
        voice: { enrolled: true, verified: true, noticesBlocked: false },
      },
    });
    const samples = await w.store.listSamples(userId);
    expect(samples.filter((s) => s.source === "upload").every((s) => s.verified)).toBe(true);
    expect(samples.filter((s) => s.source === "upload")[0]?.verifiedBy).toBe("matches-live-check");
    // The face answered the live check; the voice said its phrase in the same capture.
    const live = samples.filter((s) => s.source === "live-capture");
    expect(live.filter((s) => s.modality === "face").every((s) => s.verifiedBy === "live-check")).toBe(true);
    expect(live.filter((s) => s.modality === "voice").map((s) => s.verifiedBy)).toEqual(["live-check"]);
    const view = await w.profiles.get(userId);
    expect(view).toMatchObject({ faceEnrolled: true, faceVerified: true, voiceEnrolled: true, dataExpiresInDays: 90 });
    expect(view.faceEmbeddingPath).not.toBe("");
  });

  it("keeps an uploaded recording unverified: the server heard it but cannot tell whose voice it is", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const { uploadURL } = await w.enrolment.createUploadUrl(userId, "voice", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, wav("ok"), "audio/wav", {});
    expect(await w.enrolment.registerUpload(userId, "voice", uploadURL)).toMatchObject({
      status: "processed",
      verified: false,
      restriction: expect.stringContaining("Notices under your name need a verified voice"),
    });
    expect((await w.store.listSamples(userId))[0]).toMatchObject({ source: "upload", verified: false });
    expect((await w.profiles.get(userId)).likenessEnrolment.voice).toMatchObject({
      enrolled: true,
      verified: false,
      noticesBlocked: true,
    });
  });

  it("verifies an uploaded recording of the voice a live capture took, before or after it", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const uploadVoice = async () => {
      const { uploadURL } = await w.enrolment.createUploadUrl(userId, "voice", { size: 1024 });
      await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, wav("ok"), "audio/wav", {});
      return w.enrolment.registerUpload(userId, "voice", uploadURL);
    };
    expect(await uploadVoice()).toMatchObject({ verified: false });
    await w.liveCapture(userId, 1, { voice: sayingPhrase() });
    expect(await uploadVoice()).toEqual({ status: "processed", verified: true });
    const uploads = (await w.store.listSamples(userId)).filter((s) => s.modality === "voice" && s.source === "upload");
    expect(uploads.map((s) => s.verifiedBy)).toEqual(["matches-live-check", "matches-live-check"]);
    expect((await w.profiles.get(userId)).likenessEnrolment.voice).toMatchObject({
      verified: true,
      noticesBlocked: false,
    });
  });

  it("keeps a voice recorded on its own unverified, saying how to verify it: no live check's phrase was asked for", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const { uploadURL } = await w.enrolment.createUploadUrl(userId, "voice", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, wav("ok"), "audio/wav", {});
    await w.enrolment.registerUpload(userId, "voice", uploadURL);

    expect(
      await w.enrolment.enrolLiveCapture(userId, TEST_SESSION, async () => ({ frames: [], voice: wav("ok") })),
    ).toMatchObject({
      faces: 0,
      voice: true,
      voiceVerified: false,
      voiceMessage: expect.stringContaining("say the words shown during the live check"),
      status: { voice: { enrolled: true, verified: false, noticesBlocked: true } },
    });
    const voices = (await w.store.listSamples(userId)).filter((s) => s.modality === "voice");
    expect(voices.map((s) => [s.source, s.verified]).sort()).toEqual([
      ["live-capture", false],
      ["upload", false],
    ]);
    // No face came with it: the face stays as it was, and a capture with neither is still refused.
    expect((await w.store.listSamples(userId)).some((s) => s.modality === "face")).toBe(false);
    expect(
      await rejection(w.enrolment.enrolLiveCapture(userId, TEST_SESSION, async () => ({ frames: [] }))),
    ).toMatchObject({
      kind: "invalid",
    });
  });

  it("does not verify a stranger's uploaded photo with the account holder's live capture", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.enrolment.registerUpload(userId, "face", await uploadFace(w, userId, photo("person=2;yaw=0")));
    await w.liveCapture(userId, 1);
    const upload = (await w.store.listSamples(userId)).find((s) => s.source === "upload");
    expect(upload?.verified).toBe(false);
  });

  it("refuses another user's upload URL, wrong file types and oversized files", async () => {
    const w = accountWorld();
    const alice = await w.member("alice@example.com");
    const bob = await w.member("bob@example.com");
    const alicesUpload = await uploadFace(w, alice.userId, photo("person=1;yaw=0"));
    expect(await rejection(w.enrolment.registerUpload(bob.userId, "face", alicesUpload))).toMatchObject({
      kind: "forbidden",
    });
    expect(await rejection(w.enrolment.registerUpload(alice.userId, "voice", alicesUpload))).toMatchObject({
      kind: "unsupported-type",
    });
    const big = await uploadFace(w, alice.userId, new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff));
    expect(await rejection(w.enrolment.registerUpload(alice.userId, "face", big))).toMatchObject({ kind: "too-large" });
  });

  it("seals embeddings so the stored item holds neither the embedding nor the plaintext key", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.liveCapture(userId, 7);
    const [sample] = await w.store.listSamples(userId);
    expect(sample?.encryptedEmbedding).toBeTruthy();
    expect(JSON.stringify(sample)).not.toContain('"7"');
    const exported = await w.exports.export(userId, true);
    const faces = exported.data.BiometricSample as { embedding: number[] }[];
    expect(faces[0]?.embedding).toEqual([7, 0, 0]);
    const plain = await w.exports.export(userId, false);
    expect(JSON.stringify(plain)).not.toContain("encryptedEmbedding");
  });

  it("reads the person's profile once per enrolment request", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const profileReads = vi.spyOn(w.store, "getProfile");
    await w.liveCapture(userId, 1, {
      voice: wav("ok"),
      // Counted from the capture's own request: issuing its challenge was the request before.
      frames: (windows) => {
        profileReads.mockClear();
        return burstFor(windows);
      },
    });
    expect(profileReads).toHaveBeenCalledTimes(1);
    const upload = await uploadFace(w, userId, photo("person=1;yaw=0"));
    profileReads.mockClear();
    await w.enrolment.registerUpload(userId, "face", upload);
    expect(profileReads).toHaveBeenCalledTimes(1);
  });
});
