/**
 * Fits the voice match calibration on labelled speech (LibriSpeech speakers in ../shared/data,
 * or LG_DATA_DIR) and writes calibration.json next to this file:
 *   npx tsx packages/detection/src/voice/calibrate.ts
 * Every same-speaker pair of clips is a genuine pair, every cross-speaker pair an impostor pair.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fitCalibration } from "../identity.js";
import { decodeAudio } from "../media/audio.js";
import { speakerEmbedding } from "./embedding.js";
import { cosineDistance } from "./matching.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../../..");
const dataDir = path.resolve(repoRoot, process.env.LG_DATA_DIR ?? "../shared/data");
const SUBSET = "voices/librispeech/";

async function main(): Promise<void> {
  const labels = (await readFile(path.join(dataDir, "labels.csv"), "utf8")).trim().split("\n").slice(1);
  const clips = labels
    .map((line) => line.split(","))
    .filter(([file, kind]) => file?.startsWith(SUBSET) && kind === "speech")
    .map(([file, , subject]) => ({ file: file as string, speaker: subject as string }));
  const embedded: { speaker: string; embedding: Float32Array }[] = [];
  for (const clip of clips) {
    const { samples } = await decodeAudio(new Uint8Array(await readFile(path.join(dataDir, clip.file))));
    embedded.push({ speaker: clip.speaker, embedding: await speakerEmbedding(samples) });
    process.stdout.write(".");
  }
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < embedded.length; i++)
    for (let j = i + 1; j < embedded.length; j++) {
      const a = embedded[i] as (typeof embedded)[0];
      const b = embedded[j] as (typeof embedded)[0];
      (a.speaker === b.speaker ? genuine : impostor).push(cosineDistance(a.embedding, b.embedding));
    }
  const source = `${SUBSET} (${clips.length} clips, ${new Set(clips.map((c) => c.speaker)).size} speakers), Resemblyzer GE2E`;
  const calibration = fitCalibration({ genuine, impostor }, "cosine", source);
  const summary = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const at = (q: number) =>
      Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number).toFixed(4));
    return { min: at(0), p50: at(0.5), max: at(1 - 1e-9) };
  };
  const errors = {
    falseRejects: genuine.filter((d) => d > calibration.threshold).length,
    falseAccepts: impostor.filter((d) => d <= calibration.threshold).length,
  };
  const out = { calibration, genuine: summary(genuine), impostor: summary(impostor), errorsAtThreshold: errors };
  await writeFile(path.join(here, "calibration.json"), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\n${JSON.stringify(out, null, 2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
