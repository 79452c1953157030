/**
 * How often faces on ../shared/data are held below their calibrated match reading, and why
 * (face/match-limits.ts): every picture of labels.csv decoded as the product does and run through
 * the product's face path with a matcher that matches every face, counted by the picture's kind and
 * the match's limits. `npx tsx bench/face-limits.ts [data dir]`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { detectFacesInImage } from "@lg/detection/face/detect-faces";
import { decodeImage } from "@lg/detection/media/image";
import { resolveLimits } from "@lg/detection/media/limits";

const everyone = {
  matchFace: async () => ({ personId: "anyone", distance: 0, confidence: 100 }),
  matchVoice: async () => null,
};

async function main(dataDir: string) {
  const [header = "", ...rows] = readFileSync(join(dataDir, "labels.csv"), "utf8").trim().split("\n");
  const columns = header.split(",");
  const limits = resolveLimits({});
  const counts: Record<string, number> = {};
  let pictures = 0;
  let faces = 0;
  for (const line of rows) {
    const cells = line.split(",");
    const row = Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? ""]));
    if (!/\.(jpe?g|png|webp)$/i.test(row.path ?? "")) continue;
    const bytes = new Uint8Array(readFileSync(join(dataDir, row.path ?? "")));
    const image = await decodeImage(bytes, limits, limits.analysisMaxSide).catch(() => null);
    if (!image) continue;
    pictures++;
    for (const face of await detectFacesInImage(image, everyone)) {
      faces++;
      const key = `${row.kind}: ${face.match?.limitedBy?.join(" + ") ?? "unlimited"}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  console.log(JSON.stringify({ pictures, faces, counts: Object.fromEntries(Object.entries(counts).sort()) }, null, 2));
}

void main(process.argv[2] ?? "../shared/data");
