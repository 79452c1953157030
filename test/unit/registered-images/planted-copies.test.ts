import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pdqHash } from "@lg/detection/hashing/pdq";
import { pdqProbesOf } from "@lg/detection/hashing/pdq-media";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { RegisteredImageMatcher } from "@lg/domain/registered-images/registered-image-matcher";
import { COPY_EDITS, editedCopy } from "@lg/local/platform-simulator/edited-copies";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir } from "../detection/data-dir.js";

/** Pictures a person registers (hashed as their browser would, full resolution, upright). */
const REGISTERED = [
  "faces/deepface/img1.jpg",
  "faces/deepface/couple.jpg",
  "faces/face_recognition/examples/knn_examples/test/obama1.jpg",
];
/** Unrelated pictures that must never match: the rest of the labelled faces. */
const unrelated = readdirSync(path.join(dataDir, "faces/deepface"))
  .filter((f) => f.endsWith(".jpg"))
  .map((f) => `faces/deepface/${f}`)
  .filter((f) => !REGISTERED.includes(f));

async function browserHash(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return pdqHash({ data, width: info.width, height: info.height, channels: 3 });
}

let sql: PgliteSql;
let matcher: RegisteredImageMatcher;
const hashIds = new Map<string, string>();

beforeAll(async () => {
  sql = await PgliteSql.open();
  const index = new PdqIndex(sql);
  await index.ensureSchema();
  for (const [i, file] of REGISTERED.entries()) {
    const { hex } = await browserHash(readFileSync(path.join(dataDir, file)));
    await index.put([{ userId: "victim", hashId: `h${i}`, hex }]);
    hashIds.set(file, `h${i}`);
  }
  matcher = new RegisteredImageMatcher(index);
}, 60_000);
afterAll(() => sql.close());

describe("matching found media against registered intimate-image hashes", () => {
  for (const file of REGISTERED) {
    for (const edit of COPY_EDITS.filter((e) => e !== "cropped-10%")) {
      it(`finds the ${edit} copy of ${path.basename(file)}`, async () => {
        const copy = await editedCopy(new Uint8Array(readFileSync(path.join(dataDir, file))), edit);
        const matches = await matcher.match(await pdqProbesOf(copy));
        expect(matches.map((m) => m.hashId)).toEqual([hashIds.get(file)]);
        if (edit === "mirrored") expect(matches[0]?.variant).toBe("flipY");
        if (edit === "video-frame") expect(matches[0]?.frameSeconds).toEqual(expect.any(Number));
      }, 60_000);
    }
  }

  // PDQ keeps the picture's layout, not its content: a copy cropped by 10% (5% off each side) lies
  // 68-96 bits from the original on these pictures, far past 31, as Meta's write-up warns for crops.
  // bench:hashes measures it; registration cannot yet protect against it (docs/hashes.md).
  it("does not find a copy cropped by 10%, PDQ's known blind spot", async () => {
    const file = REGISTERED[0] as string;
    const copy = await editedCopy(new Uint8Array(readFileSync(path.join(dataDir, file))), "cropped-10%");
    expect(await matcher.match(await pdqProbesOf(copy))).toEqual([]);
  });

  it(`never matches ${unrelated.length} unrelated pictures`, async () => {
    expect(unrelated.length).toBeGreaterThan(30);
    for (const file of unrelated) {
      const matches = await matcher.match(await pdqProbesOf(new Uint8Array(readFileSync(path.join(dataDir, file)))));
      expect(matches, file).toEqual([]);
    }
  }, 300_000);
});
