/**
 * Fits the voice match calibration on labelled speech (LibriSpeech speakers in ../shared/data,
 * or LG_DATA_DIR) and writes packages/detection/src/voice/calibration.json:
 *   npm run fit:speaker (scripts/fit-speaker-calibration.ts)
 * Every same-speaker pair of clips is a genuine pair, every cross-speaker pair an impostor pair.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readLabels } from "@lg/detection/labelled-data";
import { decodeAudio } from "@lg/detection/media/audio";
import { speakerEmbedding } from "@lg/detection/voice/embedding";
import { cosineDistance } from "@lg/detection/voice/matching";
import { fitCalibration } from "@lg/fitting/distance-calibration";
import { labelledDataDir } from "@lg/fitting/paths";
import { quantileSummary } from "@lg/fitting/quantiles";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/detection/src/voice");
const dataDir = labelledDataDir();
const SUBSET = "voices/librispeech/";

async function main(): Promise<void> {
  const clips = (await readLabels(dataDir))
    .filter((row) => row.path.startsWith(SUBSET) && row.kind === "speech")
    .map((row) => ({ file: row.path, speaker: row.subjects.join(";") }));
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
  const summary = (values: number[]) => quantileSummary(values, { min: 0, p50: 0.5, max: 1 }, 4);
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
