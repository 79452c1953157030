import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { faceDescriptors } from "../packages/detection/src/face/descriptors.js";
import { readLabels } from "../packages/detection/src/labelled-data.js";

/** One real face's SFace embedding with its identity label. */
export interface RealFace {
  subject: string;
  file: string;
  embedding: Float32Array;
}

/**
 * SFace embeddings of every labelled one-person face photo in the given folders (../shared/data's
 * kind=face photos and ../shared/train's studio portraits, two each of 102 people): the largest face
 * of each photo. Cached in the OS temp folder, never in the repository (they are biometric data of
 * third parties; only the statistics the benchmark derives from them are written out).
 */
export async function realFaceEmbeddings(folders: string[]) {
  const cache = path.join(os.tmpdir(), "lg-bench-gallery", "sface-real-faces.json");
  if (existsSync(cache)) {
    const cached = JSON.parse(await readFile(cache, "utf8")) as {
      subject: string;
      file: string;
      embedding: number[];
    }[];
    return cached.map((f) => ({ ...f, embedding: Float32Array.from(f.embedding) }));
  }
  const faces: RealFace[] = [];
  for (const dir of folders) {
    if (!existsSync(path.join(dir, "labels.csv"))) continue;
    for (const row of await readLabels(dir)) {
      const subject = row.subjects[0];
      // The studio portraits are labelled kind=image (their folder serves the synthetic-image checks too).
      const onePerson = row.kind === "face" || (row.kind === "image" && subject?.startsWith("webmorph:"));
      if (!onePerson || row.subjects.length !== 1 || row.synthetic === true || !subject) continue;
      const [largest] = await faceDescriptors(await readFile(path.join(dir, row.path)));
      if (largest) faces.push({ subject, file: row.path, embedding: largest.descriptor });
    }
  }
  await mkdir(path.dirname(cache), { recursive: true });
  await writeFile(cache, JSON.stringify(faces.map((f) => ({ ...f, embedding: Array.from(f.embedding) }))));
  return faces;
}
