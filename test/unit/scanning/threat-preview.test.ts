import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  censoredPreview,
  censoredThumbnail,
  PREVIEW_WIDTH,
  THUMBNAIL_SIDE,
} from "../../../packages/detection/src/media/censored-preview.js";
import { DemoService } from "../../../packages/domain/src/demo/demo-service.js";
import { writeEvidencePackage } from "../../../packages/domain/src/scanning/evidence.js";
import { ThreatQueries } from "../../../packages/domain/src/threats/threat-queries.js";
import { recordThreats } from "../../../packages/domain/src/threats/threat-recorder.js";
import { threatListItem, threatPicture, threatView } from "../../../packages/domain/src/threats/threat-view.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryEvidenceStore, InMemoryThreatRepository } from "./fakes.js";

const photo = new Uint8Array(
  readFileSync(path.resolve("../shared/data/faces/face_recognition/examples/knn_examples/train/obama/obama.jpg")),
);

async function worldWith(contentType: string, media: Uint8Array) {
  const evidence = new InMemoryEvidenceStore();
  const threats = new InMemoryThreatRepository();
  const pkg = await writeEvidencePackage(evidence, {
    userId: "u1",
    media: { bytes: media, contentType, url: "https://example.test/m" },
    page: { url: "https://example.test/p", platform: "reddit" },
    detection: {},
    capturedAt: "2026-11-22T00:00:00.000Z",
  });
  const { created } = await recordThreats(threats, "u1", [
    {
      personId: "self",
      threatType: contentType.startsWith("audio/") ? "voice_clone" : "deepfake",
      confidence: 97,
      platform: "reddit",
      contentType,
      url: "https://example.test/p",
      mediaSha256: pkg.manifest.mediaSha256,
      evidence: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: pkg.manifest.capturedAt },
      detection: {},
      classification: threatClassification(contentType.startsWith("audio/") ? "voice_clone" : "deepfake", {
        confidence: 97,
      }),
    },
  ]);
  const queries = new ThreatQueries({
    threats,
    evidence,
    renderPreview: censoredPreview,
    now: () => new Date(),
  } as never);
  return { queries, threat: created[0] };
}

describe("threat previews", () => {
  it("serves a small blurred JPEG of the threat's picture, never the original", async () => {
    const { queries, threat } = await worldWith("image/jpeg", photo);
    expect(threatView(threat!).previewUrl).toBe(`/api/threats/${threat?.id}/preview`);
    const preview = await queries.preview("u1", threat?.id ?? "");
    expect(preview.contentType).toBe("image/jpeg");
    const meta = await sharp(preview.bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(PREVIEW_WIDTH);
    // Blurred: far less fine detail than the same picture merely scaled down.
    const scaled = await sharp(photo).resize({ width: PREVIEW_WIDTH }).greyscale().raw().toBuffer();
    const blurred = await sharp(preview.bytes).greyscale().raw().toBuffer();
    const detail = (px: Buffer) => px.reduce((sum, v, i) => (i > 0 ? sum + Math.abs(v - (px[i - 1] ?? v)) : sum), 0);
    expect(detail(blurred)).toBeLessThan(detail(scaled) / 3);
  });

  it("offers no preview for a voice threat, and refuses another person's or an unknown threat", async () => {
    const { queries, threat } = await worldWith("audio/wav", new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0]));
    expect(threatView(threat!).previewUrl).toBeUndefined();
    await expect(queries.preview("u1", threat?.id ?? "")).rejects.toThrow("no picture to preview");
    await expect(queries.preview("someone-else", threat?.id ?? "")).rejects.toThrow("Threat not found");
  });
});

describe("demo threat previews", () => {
  const demo = new DemoService({
    media: { read: async (file: string) => new Uint8Array(readFileSync(path.resolve("../shared/data", file))) },
    renderPreview: censoredPreview,
    renderThumbnail: censoredThumbnail,
    now: () => new Date(),
  } as never);

  it("blurs the picture behind a demo threat", async () => {
    const preview = await demo.preview("demo_personal_1");
    expect((await sharp(preview.bytes).metadata()).width).toBe(PREVIEW_WIDTH);
  });

  it("thumbnails the picture behind a demo threat as a real threat's is", async () => {
    const thumbnail = await demo.thumbnail("demo_personal_1");
    const meta = await sharp(thumbnail.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", THUMBNAIL_SIDE, THUMBNAIL_SIDE]);
    await expect(demo.thumbnail("demo_personal_2")).rejects.toThrow("no picture");
  });

  it("has none for a demo voice clone or an id it never gave out", async () => {
    await expect(demo.preview("demo_personal_2")).rejects.toThrow("no picture to preview");
    await expect(demo.preview("demo_personal_99")).rejects.toThrow("no picture to preview");
    await expect(demo.preview("../../etc/passwd")).rejects.toThrow("no picture to preview");
  });
});

/** A 200 px avatar: a face-coloured disc on a transparent background, as avatars often are. */
async function transparentAvatar(): Promise<Uint8Array> {
  const disc = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="60" fill="#e0b090"/></svg>',
  );
  return new Uint8Array(await sharp(disc).png().toBuffer());
}

const meanBrightness = async (jpeg: Uint8Array) => {
  const { channels } = await sharp(jpeg).stats();
  return channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
};

describe("threat row thumbnails", () => {
  it("turns a transparent background white, not black, in the preview and the thumbnail", async () => {
    const avatar = await transparentAvatar();
    expect((await sharp(avatar).metadata()).hasAlpha).toBe(true);
    // JPEG has no alpha: unflattened, the transparent three quarters of this avatar came out black (mean ~40).
    expect(await meanBrightness(await censoredPreview(avatar))).toBeGreaterThan(200);
    expect(await meanBrightness(await censoredThumbnail(avatar))).toBeGreaterThan(200);
  });

  it("is a small square, blurred, and blurred far more for intimate imagery", async () => {
    const thumbnail = await censoredThumbnail(photo);
    const meta = await sharp(thumbnail).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", THUMBNAIL_SIDE, THUMBNAIL_SIDE]);
    expect(thumbnail.byteLength).toBeLessThan(12_000);
    const detail = async (jpeg: Uint8Array | Buffer) => {
      const px = await sharp(jpeg).greyscale().raw().toBuffer();
      return px.reduce((sum, v, i) => (i > 0 ? sum + Math.abs(v - (px[i - 1] ?? v)) : sum), 0);
    };
    const sharpCrop = await sharp(photo).resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE).toBuffer();
    expect(await detail(thumbnail)).toBeLessThan((await detail(sharpCrop)) / 2);
    expect(await detail(await censoredThumbnail(photo, { intimate: true }))).toBeLessThan(
      (await detail(thumbnail)) / 2,
    );
  });

  it("gives every row a thumbnail from its evidence or the reason it has none", async () => {
    const { threat } = await worldWith("image/jpeg", photo);
    expect(threatListItem(threat!)).toMatchObject({ thumbnailUrl: `/api/threats/${threat?.id}/thumbnail` });
    const base = { id: "t1", evidenceData: { hash: "h", manifestKey: "k", capturedAt: "2026-11-22T00:00:00.000Z" } };
    expect(threatPicture({ ...base, contentType: "video/mp4", threatType: "deepfake" })).toEqual({
      thumbnailUrl: "/api/threats/t1/thumbnail",
    });
    expect(threatPicture({ ...base, contentType: "profile", threatType: "impersonation" })).toEqual({
      thumbnailUrl: "/api/threats/t1/thumbnail",
    });
    expect(threatPicture({ ...base, contentType: "audio/mpeg", threatType: "voice_clone" })).toEqual({
      noPicture: "voice",
    });
    expect(threatPicture({ id: "t1", contentType: "image/jpeg", threatType: "deepfake" })).toEqual({
      noPicture: "evidence-not-kept",
    });
    expect(threatPicture({ ...base, contentType: "text/html", threatType: "likeness_misuse" })).toEqual({
      noPicture: "not-a-picture",
    });
  });
});
