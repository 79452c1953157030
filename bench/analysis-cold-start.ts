/**
 * `npx tsx bench/analysis-cold-start.ts picture|recording`: the first analysis in a new process,
 * as a cold scan-analyse function meets it, from the process's start (Node, the module graph,
 * every model the analysis loads) to its result, then a second analysis of the same bytes in the
 * same process (warm). First minus second is what a cold start adds. Run it several times, in
 * alternation with the code it is compared with: the machine is shared. Prints one JSON line.
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { analyseMedia } from "@lg/detection/analyse";
import { benchMachine } from "./machine.js";

const MEDIA = {
  // A portrait (faces, CLIP, MesoNet, the SBI network, nsfw) and a LibriSpeech recording (VAD, GE2E,
  // the Whisper countermeasure, AASIST), both from the shared evaluation data.
  picture: "faces/deepface/img1.jpg",
  recording: "voices/librispeech/367/367-130732-0001.flac",
} as const;

const kind = process.argv[2] as keyof typeof MEDIA;
if (!(kind in MEDIA)) throw new Error(`usage: analysis-cold-start.ts ${Object.keys(MEDIA).join("|")}`);
const dataDir = process.env.LG_DATA_DIR ?? path.resolve(import.meta.dirname, "../../shared/data");
const bytes = new Uint8Array(await readFile(path.join(dataDir, MEDIA[kind])));

await analyseMedia(bytes, { enrolled: [] });
const firstSeconds = process.uptime();
const warmStart = performance.now();
await analyseMedia(bytes, { enrolled: [] });
const warmSeconds = (performance.now() - warmStart) / 1000;
console.log(
  JSON.stringify({
    kind,
    firstAnalysisSeconds: Number(firstSeconds.toFixed(2)),
    warmAnalysisSeconds: Number(warmSeconds.toFixed(2)),
    coldStartAddsSeconds: Number((firstSeconds - warmSeconds).toFixed(2)),
    machineClass: benchMachine().machineClass,
    loadAverage: Number((os.loadavg()[0] ?? 0).toFixed(1)),
  }),
);
