/**
 * The voice countermeasure on labelled speech: `tsx bench/clone-countermeasure.ts [--data DIR] [--train DIR]`
 * prints the figures; bench/detection.ts calls benchCloneCountermeasure.
 *
 * Every clip goes the product's way (decodeAudio, Silero VAD, Whisper windows, head, calibration).
 * The shipped head was fitted with ../shared/data's Tortoise voices in it, so a Tortoise clip (clone
 * or genuine reference) is scored by the head `npm run fit:voice` fitted without that voice
 * (held-out-heads.json); LibriSpeech, in no fit, by the shipped head. Clones are grouped by system:
 * on ../shared/data by Tortoise voice folder (tortoise:pat, …), each against every genuine clip. With a training folder, its cross-system-test split (YourTTS,
 * XTTS, never in the fit) is scored against the same genuine clips. The real-time factor is CPU
 * time of one thread (onnxruntime runs one intra-op thread) over seconds of audio, for the
 * countermeasure alone (log-mel, encoder, head) and for decode + VAD + countermeasure.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadFitted } from "@lg/detection/fitted/manifest";
import { decodeAudio } from "@lg/detection/media/audio";
import { analyseSpeech } from "@lg/detection/voice/speech";
import { type CountermeasureHead, defaultHead, readCountermeasure } from "@lg/detection/voice-synthetic/countermeasure";
import heldOutHeadsJson from "@lg/detection/voice-synthetic/held-out-heads.json" with { type: "json" };
import { type HeldOutHeads, withHeldOutWeights } from "@lg/fitting/held-out-heads";
import { equalErrorRate } from "@lg/fitting/standardised-logistic";
import { dataVoiceClips, type LabelledClip, trainVoiceClips } from "@lg/fitting/voice-countermeasure-features";
import { cpuSecondsWithExitedChildren } from "./cpu-time.js";
import { benchMachine } from "./machine.js";

const heldOutHeads: HeldOutHeads = loadFitted("voice-synthetic/held-out-heads.json", heldOutHeadsJson);

export interface CloneCountermeasureOptions {
  dataDir: string;
  trainDir?: string;
}

export interface EerFigures {
  eer: number;
  eerBySystem: Record<string, number>;
}

export interface CloneCountermeasureBench extends EerFigures {
  threshold: number;
  tprAtThreshold: number;
  fprAtThreshold: number;
  /** Countermeasure only (log-mel, Whisper encoder, head), CPU seconds per second of audio. */
  realTimeFactor: number;
  /** Decode (ffmpeg included) + VAD + countermeasure. */
  voicePathRealTimeFactor: number;
  clips: { genuine: number; synthetic: number; unscored: number };
  crossSystemTest?: EerFigures & { clips: number };
}

interface Scored {
  clip: LabelledClip;
  probability: number | null;
}

interface Costs {
  audioSeconds: number;
  countermeasureCpu: number;
  pathCpu: number;
}

/** The head that never saw this clip's group: a held-out head for a Tortoise voice in the fit, else the shipped one. */
function headFor(clip: LabelledClip): CountermeasureHead {
  const heldOut = heldOutHeads.heads[clip.group];
  return heldOut ? withHeldOutWeights(defaultHead, heldOut) : defaultHead;
}

async function scoreClips(clips: LabelledClip[], costs: Costs): Promise<Scored[]> {
  const scored: Scored[] = [];
  for (const clip of clips) {
    const bytes = new Uint8Array(await readFile(path.join(clip.root, clip.path)));
    const start = cpuSecondsWithExitedChildren();
    const audio = await decodeAudio(bytes, { sampleRate: 16_000 });
    const speech = await analyseSpeech(audio.samples);
    const before = cpuSecondsWithExitedChildren();
    const reading = await readCountermeasure(audio.samples, speech.ranges, headFor(clip));
    const end = cpuSecondsWithExitedChildren();
    costs.audioSeconds += audio.durationSeconds;
    costs.countermeasureCpu += end - before;
    costs.pathCpu += end - start;
    scored.push({ clip, probability: reading?.probability ?? null });
  }
  return scored;
}

function eerFigures(genuine: number[], clones: Scored[]): EerFigures {
  const bySystem: Record<string, number> = {};
  for (const system of [...new Set(clones.map((c) => c.clip.system))].sort())
    bySystem[system] = equalErrorRate(
      genuine,
      clones.filter((c) => c.clip.system === system).map((c) => c.probability as number),
    ).eer;
  return {
    eer: equalErrorRate(
      genuine,
      clones.map((c) => c.probability as number),
    ).eer,
    eerBySystem: bySystem,
  };
}

export async function benchCloneCountermeasure(options: CloneCountermeasureOptions): Promise<CloneCountermeasureBench> {
  const costs: Costs = { audioSeconds: 0, countermeasureCpu: 0, pathCpu: 0 };
  // Warm-up: model loading is not per-clip cost, as in bench:detection.
  await readCountermeasure(new Float32Array(16_000 * 2), [[0, 32_000]]);
  const data = await scoreClips(dataVoiceClips(options.dataDir), costs);
  const valid = data.filter((s) => s.probability !== null);
  const genuine = valid.filter((s) => !s.clip.synthetic).map((s) => s.probability as number);
  const clones = valid.filter((s) => s.clip.synthetic);
  const { threshold } = defaultHead.operatingPoint;
  const share = (scores: number[]) => scores.filter((p) => p >= threshold).length / scores.length;
  const result: CloneCountermeasureBench = {
    ...eerFigures(genuine, clones),
    threshold,
    tprAtThreshold: share(clones.map((c) => c.probability as number)),
    fprAtThreshold: share(genuine),
    realTimeFactor: costs.countermeasureCpu / costs.audioSeconds,
    voicePathRealTimeFactor: costs.pathCpu / costs.audioSeconds,
    clips: { genuine: genuine.length, synthetic: clones.length, unscored: data.length - valid.length },
  };
  if (options.trainDir) {
    const crossSystem = (
      await scoreClips(
        trainVoiceClips(options.trainDir).filter((c) => c.split === "cross-system-test"),
        { audioSeconds: 0, countermeasureCpu: 0, pathCpu: 0 },
      )
    ).filter((s) => s.probability !== null);
    result.crossSystemTest = { ...eerFigures(genuine, crossSystem), clips: crossSystem.length };
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: { data: { type: "string", default: "../shared/data" }, train: { type: "string" } },
  });
  const result = await benchCloneCountermeasure({
    dataDir: path.resolve(values.data as string),
    ...(values.train ? { trainDir: path.resolve(values.train) } : {}),
  });
  console.log(JSON.stringify({ machine: benchMachine(), ...result }, null, 2));
}
