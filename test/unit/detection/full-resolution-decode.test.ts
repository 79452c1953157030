import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { MediaError } from "../../../packages/detection/src/media/errors.js";
import { decodeImage, encodePng, type RgbImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { turnUpright, uprightView } from "../../../packages/detection/src/media/orientation.js";
import { encodeDwtDct, readBlockBits } from "../../../packages/detection/src/provenance/watermark/dwt-dct.js";
import { WATERMARK_PAYLOADS } from "../../../packages/detection/src/provenance/watermark/sd-watermark.js";
import { dataFile } from "./data-dir.js";

const toBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
const samePixels = (a: RgbImage, b: RgbImage) =>
  a.width === b.width && a.height === b.height && Buffer.from(a.data).equals(Buffer.from(b.data));

/** A real photo (4352×2903, progressive JPEG) re-encoded at `width`, so the pixels carry detail. */
const photoAt = (width: number) => sharp(dataFile("faces/deepface/img49.jpg")).resize({ width });

const KEEP_ALL = { keepFullResolutionUpTo: Number.POSITIVE_INFINITY };
const maxSide = defaultLimits.analysisMaxSide;

// Each picture steers sharp down a different path: the scaled copy must not depend on which.
const pictures: [string, () => Promise<Uint8Array>][] = [
  [
    "a JPEG scaled down by less than 3 (scaled from the full decode)",
    async () => toBytes(await photoAt(2970).jpeg().toBuffer()),
  ],
  [
    "a JPEG scaled down by 3 or more (libjpeg shrink-on-load)",
    async () => toBytes(await photoAt(3300).jpeg().toBuffer()),
  ],
  ["a JPEG with an embedded ICC profile", async () => dataFile("faces/deepface/img1.jpg")],
  ["a greyscale JPEG", async () => toBytes(await photoAt(2000).greyscale().jpeg().toBuffer())],
  ["a PNG", async () => toBytes(await photoAt(1600).png().toBuffer())],
  ["a PNG with transparency", async () => toBytes(await photoAt(1600).ensureAlpha(0.5).png().toBuffer())],
  ["a WebP", async () => toBytes(await photoAt(2000).webp().toBuffer())],
  [
    "a WebP stored with EXIF orientation 6",
    async () => toBytes(await photoAt(2000).withMetadata({ orientation: 6 }).webp().toBuffer()),
  ],
  ["a WebP with transparency", async () => toBytes(await photoAt(1600).ensureAlpha(0.5).webp().toBuffer())],
  ...[2, 3, 4, 5, 6, 7, 8].map((orientation): [string, () => Promise<Uint8Array>] => [
    `a JPEG stored with EXIF orientation ${orientation}`,
    async () => toBytes(await photoAt(2000).withMetadata({ orientation }).jpeg().toBuffer()),
  ]),
];

describe("decoding a picture once at full resolution", () => {
  it.each(pictures)(
    "gives %s the same analysis copy as a decode for analysis alone",
    {
      timeout: 60_000,
    },
    async (_, picture) => {
      const bytes = await picture();
      const direct = await decodeImage(bytes, defaultLimits, maxSide);
      const full = await decodeImage(bytes, defaultLimits, Number.POSITIVE_INFINITY);
      const kept = await decodeImage(bytes, defaultLimits, maxSide, KEEP_ALL);

      expect(direct.scale).toBeLessThan(1);
      expect(Math.max(kept.pixels.width, kept.pixels.height)).toBe(maxSide);
      expect({ ...kept, pixels: undefined, fullResolution: undefined }).toEqual({ ...direct, pixels: undefined });
      expect(samePixels(kept.pixels, direct.pixels)).toBe(true);
      const stored = kept.fullResolution;
      expect(stored && samePixels(turnUpright(stored.pixels, stored.orientation), full.pixels)).toBe(true);
    },
  );

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "reads the watermark blocks of a picture kept as stored with EXIF orientation %i as if upright",
    {
      timeout: 60_000,
    },
    async (orientation) => {
      const bytes = toBytes(await photoAt(1200).withMetadata({ orientation }).jpeg().toBuffer());
      const upright = await decodeImage(bytes, defaultLimits, Number.POSITIVE_INFINITY);
      const stored = (await decodeImage(bytes, defaultLimits, maxSide, KEEP_ALL)).fullResolution;
      if (!stored) throw new Error("no full-resolution pixels kept");

      expect(stored.orientation).toBe(orientation);
      const readings = readBlockBits(uprightView(stored.pixels, stored.orientation));
      expect(Buffer.from(readings).equals(Buffer.from(readBlockBits(uprightView(upright.pixels, 1))))).toBe(true);
    },
  );

  it("refuses a cut-short picture as truncated when keeping the full resolution too", async () => {
    const whole = dataFile("faces/deepface/img49.jpg");
    const error = await decodeImage(whole.subarray(0, whole.length >> 1), defaultLimits, maxSide, KEEP_ALL).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe("truncated");
  });

  it("keeps no full-resolution copy of a picture above the pixel bound it is given", async () => {
    const bytes = toBytes(await photoAt(2000).jpeg().toBuffer());
    const image = await decodeImage(bytes, defaultLimits, maxSide, { keepFullResolutionUpTo: 1_000_000 });
    expect(image.fullResolution).toBeUndefined();
    expect(image.pixels.width).toBe(maxSide);
  });

  it("hands back the analysis copy itself as the full resolution when nothing was scaled", async () => {
    const bytes = toBytes(await photoAt(800).png().toBuffer());
    const image = await decodeImage(bytes, defaultLimits, maxSide, KEEP_ALL);
    expect(image.scale).toBe(1);
    expect(image.fullResolution).toEqual({ pixels: image.pixels, orientation: 1 });
  });
});

describe("watermark search on a picture larger than the analysis copy", () => {
  it("finds the SDXL watermark embedded at full resolution, which the scaled copy no longer carries", {
    timeout: 120_000,
  }, async () => {
    const photo = await decodeImage(toBytes(await photoAt(2400).png().toBuffer()), defaultLimits, Infinity);
    const marked = await encodePng(encodeDwtDct(photo.pixels, [...WATERMARK_PAYLOADS[0].bits]));

    const result = await analyseMedia(marked, { enrolled: [] });
    expect(result.media).toMatchObject({ width: 2400, height: photo.height });
    const signal = result.signals.find((s) => s.id === "sd-watermark");
    expect(signal?.status).toBe("present");
    expect(signal?.explanation).toContain("48/48");

    const analysisCopy = await decodeImage(marked, defaultLimits, maxSide);
    const rescaled = await analyseMedia(await encodePng(analysisCopy.pixels), { enrolled: [] });
    expect(rescaled.signals.find((s) => s.id === "sd-watermark")?.status).toBe("absent");
  });
});
