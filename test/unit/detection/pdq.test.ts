import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../local/src/platform-simulator/seeded-random.js";
import {
  PDQ_DIHEDRAL_VARIANTS,
  type PdqDihedralVariant,
  type PdqPixels,
  pdqDihedralHashes,
  pdqDistance,
  pdqDownsampled,
  pdqHash,
} from "../../../packages/detection/src/hashing/pdq.js";

/**
 * Conformance of the TypeScript PDQ to Meta's reference C++ (scripts/pdq-reference-hashes.py wrote
 * the expected hashes with it, from pictures in ../shared/data and ../shared/train): the
 * reference's rule for a correct port, every hash of quality >= 80 within Hamming distance 10.
 */
const CONFORMANCE_DISTANCE = 10;
const CONFORMANCE_QUALITY = 80;

interface ReferencePicture {
  file: string;
  width: number;
  height: number;
  quality: number;
  dihedral: Record<PdqDihedralVariant, string>;
  transposed: Record<Exclude<PdqDihedralVariant, "original">, string>;
}

const reference: { pictures: ReferencePicture[] } = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "pdq-reference-hashes.json"), "utf8"),
);
const shared = path.resolve(import.meta.dirname, "../../../../shared");

async function decode(file: string): Promise<PdqPixels> {
  // As stored (no EXIF turn) and alpha dropped, as the reference's Pillow convert("RGB") reads it.
  const { data, info } = await sharp(readFileSync(path.join(shared, file)))
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** The picture turned or mirrored as Pillow's transposes the reference script used. */
function transpose(image: PdqPixels, variant: Exclude<PdqDihedralVariant, "original">): PdqPixels {
  const { data, width: w, height: h } = image;
  const swaps =
    variant === "rotate90" || variant === "rotate270" || variant === "flipPlus1" || variant === "flipMinus1";
  const width = swaps ? h : w;
  const height = swaps ? w : h;
  const out = new Uint8Array(width * height * 3);
  // For each output pixel (x, y), the source pixel it shows.
  const source: Record<typeof variant, (x: number, y: number) => [number, number]> = {
    rotate90: (x, y) => [w - 1 - y, x],
    rotate180: (x, y) => [w - 1 - x, h - 1 - y],
    rotate270: (x, y) => [y, h - 1 - x],
    flipX: (x, y) => [x, h - 1 - y],
    flipY: (x, y) => [w - 1 - x, y],
    flipPlus1: (x, y) => [y, x],
    flipMinus1: (x, y) => [w - 1 - y, h - 1 - x],
  };
  const from = source[variant];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = from(x, y);
      for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = data[(sy * w + sx) * 3 + c] as number;
    }
  }
  return { data: out, width, height, channels: 3 };
}

const TURNS = PDQ_DIHEDRAL_VARIANTS.filter((variant) => variant !== "original");
const available = existsSync(shared);

describe.skipIf(!available)("PDQ against Meta's reference implementation", () => {
  it("covers pictures of every size the reference file lists, most of them of quality >= 80", () => {
    const good = reference.pictures.filter((picture) => picture.quality >= CONFORMANCE_QUALITY);
    expect(reference.pictures.length).toBeGreaterThanOrEqual(50);
    expect(good.length).toBeGreaterThanOrEqual(50);
  });

  for (const picture of reference.pictures) {
    it(`hashes ${picture.file} and its rotations and flips within distance ${CONFORMANCE_DISTANCE} of the reference`, async () => {
      const image = await decode(picture.file);
      expect([image.width, image.height]).toEqual([picture.width, picture.height]);
      const ours = pdqDihedralHashes(image);
      expect(Math.abs(ours.quality - picture.quality)).toBeLessThanOrEqual(1);
      expect(pdqHash(image)).toEqual({ hex: ours.hashes.original, quality: ours.quality });
      if (picture.quality < CONFORMANCE_QUALITY) return;
      for (const variant of PDQ_DIHEDRAL_VARIANTS) {
        const distance = pdqDistance(ours.hashes[variant], picture.dihedral[variant]);
        expect(distance, `${variant} from the DCT`).toBeLessThanOrEqual(CONFORMANCE_DISTANCE);
      }
      for (const variant of TURNS) {
        const turned = pdqHash(transpose(image, variant));
        const distance = pdqDistance(turned.hex, picture.transposed[variant]);
        expect(distance, `${variant} of the turned picture`).toBeLessThanOrEqual(CONFORMANCE_DISTANCE);
      }
    });
  }
});

describe("PDQ hash format", () => {
  it("gives a tiny picture the reference's all-zero hash at quality 0", () => {
    const tiny = { data: new Uint8Array(4 * 4 * 3), width: 4, height: 4, channels: 3 as const };
    expect(pdqHash(tiny)).toEqual({ hex: "0".repeat(64), quality: 0 });
  });

  it("gives a flat picture quality 0, as no gradient survives the quantiser", () => {
    const flat = { data: new Uint8Array(100 * 80).fill(128), width: 100, height: 80, channels: 1 as const };
    expect(pdqHash(flat).quality).toBe(0);
  });

  it("reads grey, RGB and RGBA buffers of the same picture alike", () => {
    const width = 90;
    const height = 70;
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = (i * 37 + Math.floor(i / width) * 11) % 256;
    const rgba = new Uint8Array(grey.length * 4);
    for (const [i, value] of grey.entries()) rgba.set([value, value, value, 255], i * 4);
    const fromGrey = pdqHash({ data: grey, width, height, channels: 1 });
    const fromRgba = pdqHash({ data: rgba, width, height, channels: 4 });
    expect(pdqDistance(fromGrey.hex, fromRgba.hex)).toBeLessThanOrEqual(2);
  });

  it("refuses a buffer shorter than its declared size", () => {
    expect(() => pdqHash({ data: new Uint8Array(10), width: 20, height: 20, channels: 3 })).toThrow(
      /need 1200 samples/,
    );
  });

  it("decimates row by row to exactly the values of the reference's whole-picture filter passes", () => {
    // The reference's Jarosz filter as written (pdqhashing.cpp): luminance of the whole picture, box
    // filters along every row then down every column, twice, then every 64th-ish sample.
    const box = (values: Float64Array, start: number, length: number, stride: number, window: number) => {
      const out = new Float64Array(values.length);
      const half = Math.floor((window + 2) / 2);
      const phases = [half - 1, window - half + 1, length - window, half - 1];
      let [li, ri, oi, sum, size] = [start, start, start, 0, 0];
      for (let i = 0; i < (phases[0] as number); i++, ri += stride, size++) sum += values[ri] as number;
      for (let i = 0; i < (phases[1] as number); i++, ri += stride, oi += stride) {
        sum += values[ri] as number;
        out[oi] = sum / ++size;
      }
      for (let i = 0; i < (phases[2] as number); i++, ri += stride, li += stride, oi += stride) {
        sum += values[ri] as number;
        sum -= values[li] as number;
        out[oi] = sum / size;
      }
      for (let i = 0; i < (phases[3] as number); i++, li += stride, oi += stride) {
        sum -= values[li] as number;
        out[oi] = sum / --size;
      }
      return out;
    };
    const reference = ({ data, width, height, channels }: PdqPixels) => {
      let luma = new Float64Array(width * height);
      for (let p = 0; p < luma.length; p++)
        luma[p] =
          channels === 1
            ? (data[p] as number)
            : 0.299 * (data[p * channels] as number) +
              0.587 * (data[p * channels + 1] as number) +
              0.114 * (data[p * channels + 2] as number);
      const along = (w: number, n: number) => Math.floor((w + 2 * n - 1) / (2 * n));
      for (let pass = 0; pass < 2; pass++) {
        const rows = new Float64Array(luma.length);
        for (let y = 0; y < height; y++)
          rows.set(box(luma, y * width, width, 1, along(width, 64)).subarray(y * width, (y + 1) * width), y * width);
        const columns = new Float64Array(luma.length);
        for (let x = 0; x < width; x++) {
          const column = box(rows, x, height, width, along(height, 64));
          for (let y = 0; y < height; y++) columns[y * width + x] = column[y * width + x] as number;
        }
        luma = columns;
      }
      const at = (o: number, n: number) => Math.floor(((o + 0.5) * n) / 64);
      return Float64Array.from(
        { length: 64 * 64 },
        (_, i) => luma[at(Math.floor(i / 64), height) * width + at(i % 64, width)] as number,
      );
    };
    // Sides that fill the window in one row, under and over 64, and the crawl's analysis size.
    const sides: [number, number][] = [
      [5, 5],
      [63, 64],
      [100, 7],
      [127, 129],
      [1024, 768],
    ];
    const bits = mulberry32(11);
    const sample = () => Math.floor(bits() * 256);
    for (const [width, height] of sides)
      for (const channels of [1, 3, 4] as const) {
        const pixels = {
          data: Uint8Array.from({ length: width * height * channels }, sample),
          width,
          height,
          channels,
        };
        const got = pdqDownsampled(pixels);
        const want = reference(pixels);
        expect(got.findIndex((value, i) => !Object.is(value, want[i]))).toBe(-1);
      }
  });

  it("counts differing bits and refuses what is not a PDQ hash", () => {
    expect(pdqDistance("0".repeat(64), "f".repeat(64))).toBe(256);
    expect(pdqDistance(`${"0".repeat(63)}1`, "0".repeat(64))).toBe(1);
    expect(() => pdqDistance("xyz", "0".repeat(64))).toThrow(/64 lowercase hex/);
  });
});
