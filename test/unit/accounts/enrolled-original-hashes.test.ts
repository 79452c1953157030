import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { photo, wav } from "./fakes.js";
import { burstFor } from "./live-burst.js";
import { accountWorld } from "./world.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// A found copy of an enrolled file is what a copyright claim may name (notices/original-match.ts):
// enrolment keeps each file's hashes, as scans hash found media.
describe("an enrolled file keeps the hashes that show a found copy of it", () => {
  it("keeps an uploaded photo's SHA-256 and perceptual hash, and an uploaded recording's SHA-256", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const picture = photo("person=1;yaw=0;phash=0123456789abcdef");
    const recording = wav("ok");
    for (const [modality, bytes, mime] of [
      ["face", picture, "image/jpeg"],
      ["voice", recording, "audio/wav"],
    ] as const) {
      const { uploadURL } = await w.enrolment.createUploadUrl(userId, modality, { size: 1024 });
      await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, bytes, mime, {});
      await w.enrolment.registerUpload(userId, modality, uploadURL);
    }
    const samples = await w.store.listSamples(userId);
    expect(samples.find((s) => s.modality === "face")).toMatchObject({
      mediaSha256: sha256(picture),
      perceptualHash: "0123456789abcdef",
    });
    const voice = samples.find((s) => s.modality === "voice");
    expect(voice).toMatchObject({ mediaSha256: sha256(recording) });
    expect(voice?.perceptualHash).toBeUndefined();
  });

  it("keeps each live frame's SHA-256, the file the server stored", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    let sent: Uint8Array[] = [];
    await w.liveCapture(userId, 1, {
      frames: (windows) => {
        const frames = burstFor(windows);
        sent = frames.map((f) => f.bytes);
        return frames;
      },
    });
    const stored = (await w.store.listSamples(userId)).map((s) => s.objectKey as string);
    expect(stored).toHaveLength(3);
    // Each stored pose is one of the frames sent, byte for byte, and its hash is of those bytes.
    for (const sample of await w.store.listSamples(userId)) {
      const bytes = w.objects.objects.get(sample.objectKey as string)?.bytes as Uint8Array;
      expect(sent.some((frame) => sha256(frame) === sha256(bytes))).toBe(true);
      expect(sample.mediaSha256).toBe(sha256(bytes));
    }
  });
});
