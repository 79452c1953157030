import { readFileSync } from "node:fs";
import path from "node:path";
import { pdqHash } from "@lg/detection/hashing/pdq";
import { pdqProbesOf } from "@lg/detection/hashing/pdq-media";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { RegisteredImageMatcher } from "@lg/domain/registered-images/registered-image-matcher";
import { RegisteredImageService } from "@lg/domain/registered-images/registered-image-service";
import type { RegisteredImageScanner } from "@lg/domain/registered-images/registered-image-verdict";
import { editedCopy } from "@lg/local/platform-simulator/edited-copies";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { describeFindings } from "@lg/notices/notices/sections";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeDataKeys } from "../accounts/fakes.js";
import { dataDir } from "../detection/data-dir.js";
import { findingOf, scanWorld } from "../scanning/scan-world.js";
import { MemoryHashStore } from "./memory-hash-store.js";

const original = new Uint8Array(readFileSync(path.join(dataDir, "faces/deepface/img1.jpg")));
const unrelated = new Uint8Array(readFileSync(path.join(dataDir, "faces/deepface/img2.jpg")));

let sql: PgliteSql;
let registry: RegisteredImageService;
let scanner: RegisteredImageScanner;

beforeAll(async () => {
  sql = await PgliteSql.open();
  const index = new PdqIndex(sql);
  await index.ensureSchema();
  registry = new RegisteredImageService({
    store: new MemoryHashStore(),
    keys: new FakeDataKeys(),
    index,
    now: () => new Date("2026-11-29T08:00:00.000Z"),
  });
  const matcher = new RegisteredImageMatcher(index);
  scanner = {
    matchFor: async (userId, media) => (await matcher.match(await pdqProbesOf(media.bytes), { userId }))[0] ?? null,
    holdsAny: async (userId) => (await registry.list(userId)).count > 0,
  };
}, 60_000);
afterAll(() => sql.close());

async function registerOriginal(userId: string) {
  const { data, info } = await sharp(original).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { hex, quality } = pdqHash({ data, width: info.width, height: info.height, channels: 3 });
  const { registered } = await registry.register(userId, [{ hash: hex, quality, source: "image" }]);
  return registered[0]?.hashId as string;
}

describe("a scan matching found media against the account's registered images", () => {
  it("makes a mirrored copy a critical intimate-imagery threat naming the registered hash, not the hash", async () => {
    const hashId = await registerOriginal("u1");
    const mirrored = await editedCopy(original, "mirrored");
    const world = scanWorld(
      { "https://x.test/copy": mirrored, "https://x.test/other": unrelated },
      { registeredImages: scanner },
    );
    const found = await world.service.analyse(world.post("s1", "x", "https://x.test/copy"));
    expect(found.candidates).toHaveLength(1);
    const [candidate] = found.candidates;
    expect(candidate).toMatchObject({
      personId: "self",
      threatType: "intimate_imagery",
      confidence: 100,
      classification: {
        type: "intimate_imagery",
        severity: "critical",
        likeness: { modality: "registered-image" },
        registeredImage: { hashId, threshold: 31, variant: "flipY" },
      },
    });
    expect(candidate?.classification?.registeredImage?.distance).toBeLessThanOrEqual(31);
    expect(candidate?.classification?.reason).toMatch(/matches an intimate image you registered, mirrored/);
    // The notice states the hash match as its evidence (its basis, TAKE IT DOWN, follows from the type).
    const findings = describeFindings({
      ...(candidate as object),
      id: "t1",
      userId: "u1",
      detection: candidate?.detection ?? {},
      classification: candidate?.classification,
    } as never);
    expect(findings).toMatch(/PDQ perceptual hash differs from the registered one in \d+ of 256 bits/);
    expect(findings).not.toMatch(/face that matches my face/);

    const other = await world.service.analyse(world.post("s1", "x", "https://x.test/other"));
    expect(other.candidates).toEqual([]);
  });

  it("matches the hashes of the pixels the scan's analysis decoded, without decoding the file again", async () => {
    await registry.deleteAll("u1");
    const hashId = await registerOriginal("u1");
    const copy = await editedCopy(original, "re-encoded");
    const decoded = await pdqProbesOf(copy);
    const given: unknown[] = [];
    const world = scanWorld(
      { "https://x.test/copy": copy },
      {
        // The analysis hands over the hashes of its own decode, as DetectionLikenessAnalyser does.
        analyser: {
          analyse: async (media, _people, options) => {
            options?.onPdqProbes?.(decoded);
            const { mediaSha256: _hashedByTheScan, ...analysis } = findingOf(media);
            return analysis;
          },
        },
        registeredImages: {
          ...scanner,
          matchFor: async (userId, media) => {
            given.push(media.probes);
            return (
              (await new RegisteredImageMatcher(new PdqIndex(sql)).match(media.probes ?? [], { userId }))[0] ?? null
            );
          },
        },
      },
    );
    const found = await world.service.analyse(world.post("s5", "x", "https://x.test/copy"));
    expect(given).toEqual([decoded]);
    expect(found.candidates).toMatchObject([{ classification: { registeredImage: { hashId } } }]);
  });

  it("never reports another account's registered image in a person's own scan", async () => {
    await registerOriginal("someone-else");
    await registry.deleteAll("u1");
    const world = scanWorld({ "https://x.test/copy": original }, { registeredImages: scanner });
    expect((await world.service.analyse(world.post("s2", "x", "https://x.test/copy"))).candidates).toEqual([]);
  });

  it("finds nothing at the very next scan once the person deleted their hashes", async () => {
    await registerOriginal("u2");
    const copy = await editedCopy(original, "re-encoded");
    const world = scanWorld({ "https://x.test/copy": copy }, { registeredImages: scanner });
    const task = (scanId: string) => ({ ...world.post(scanId, "x", "https://x.test/copy"), userId: "u2" });
    expect((await world.service.analyse(task("s3"))).candidates).toHaveLength(1);
    await registry.deleteAll("u2");
    expect((await world.service.analyse(task("s4"))).candidates).toEqual([]);
  });
});
