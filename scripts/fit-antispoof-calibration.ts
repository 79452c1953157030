/**
 * Fits the AASIST operating point on labelled speech (../shared/data, or LG_DATA_DIR) and writes
 * packages/detection/src/antispoof/calibration.json (what the product reads) and calibration-clips.json (every
 * clip's score, for tests and a refit's comparison; kept apart so Lambda bundles don't carry it):
 *   npm run fit:antispoof (scripts/fit-antispoof-calibration.ts)
 * Every clip is scored as analyseMedia scores an audio file (decoded to 16 kHz within the audio
 * length limit, mean p(spoof) over the 4 s windows in which the VAD found speech, as analyseVoice
 * gates them). The threshold is fitted on LibriSpeech (bona
 * fide), checked on the Tortoise set's genuine recordings (held out), and the clones' detection
 * rate is measured at it.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scoreSynthetic } from "@lg/detection/antispoof/index";
import type { OperatingPoint } from "@lg/detection/antispoof/operating-point";
import { readLabels } from "@lg/detection/labelled-data";
import { decodeAudio } from "@lg/detection/media/audio";
import { defaultLimits } from "@lg/detection/media/limits";
import { analyseSpeech } from "@lg/detection/voice/speech";
import { shareAbove, thresholdForFalseAlarm } from "@lg/fitting/detection-rates";
import { labelledDataDir } from "@lg/fitting/paths";
import { quantileSummary } from "@lg/fitting/quantiles";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/detection/src/antispoof");
const dataDir = labelledDataDir();
const TARGET_FALSE_ALARM = 0.01;
const FIT_SET = "voices/librispeech/";
const TORTOISE = "spoof-audio/tortoise-tts/";

interface Clip {
  file: string;
  synthetic: boolean;
}

async function rawScore(file: string): Promise<number> {
  const bytes = new Uint8Array(await readFile(path.join(dataDir, file)));
  const audio = await decodeAudio(bytes, { maxSeconds: defaultLimits.maxAudioSeconds, sampleRate: 16_000 });
  // The product skips windows without speech (voice-path.ts); a fit over every window would set
  // the threshold for scores the product never computes.
  const speech = await analyseSpeech(audio.samples);
  return (await scoreSynthetic(audio.samples, { speech: speech.ranges })).score;
}

const summary = (scores: number[]) => ({
  count: scores.length,
  ...quantileSummary(scores, { min: 0, p50: 0.5, p90: 0.9, max: 1 }, 6),
});

async function main(): Promise<void> {
  const clips: Clip[] = (await readLabels(dataDir))
    .filter((row) => row.kind === "speech" && (row.path.startsWith(FIT_SET) || row.path.startsWith(TORTOISE)))
    .map((row) => ({ file: row.path, synthetic: row.synthetic === true }));
  const scores: Record<string, number> = {};
  for (const clip of clips) {
    // Full precision: the threshold is one of these scores, compared with the next clip's exactly.
    scores[clip.file] = await rawScore(clip.file);
    process.stdout.write(".");
  }
  const of = (keep: (clip: Clip) => boolean) => clips.filter(keep).map((clip) => scores[clip.file] as number);
  const fit = of((c) => c.file.startsWith(FIT_SET) && !c.synthetic);
  const heldOut = of((c) => c.file.startsWith(TORTOISE) && !c.synthetic);
  const clones = of((c) => c.synthetic);
  const threshold = thresholdForFalseAlarm(fit, TARGET_FALSE_ALARM);
  const date = new Date().toISOString().slice(0, 10);
  const operatingPoint: OperatingPoint = {
    threshold,
    targetFalseAlarm: TARGET_FALSE_ALARM,
    fitFalseAlarm: shareAbove(fit, threshold),
    heldOutFalseAlarm: shareAbove(heldOut, threshold),
    cloneDetectionRate: shareAbove(clones, threshold),
    source: `AASIST (clovaai, ASVspoof 2019 LA), mean p(spoof) over 4 s windows; threshold fitted on ${FIT_SET} (${fit.length} bona fide clips), held out ${TORTOISE}real (${heldOut.length} clips), clones ${TORTOISE}cloned (${clones.length} clips); ${date}`,
  };
  const out = {
    operatingPoint,
    rawScores: { fitBonafide: summary(fit), heldOutBonafide: summary(heldOut), clones: summary(clones) },
  };
  // Clips listed so a refit can be compared clip by clip and tests can pick real cases.
  const clipScores = {
    source: operatingPoint.source,
    clips: Object.fromEntries(
      clips.map((clip) => [clip.file, { synthetic: clip.synthetic, score: scores[clip.file] as number }]),
    ),
  };
  await writeFile(path.join(here, "calibration.json"), `${JSON.stringify(out, null, 2)}\n`);
  await writeFile(path.join(here, "calibration-clips.json"), `${JSON.stringify(clipScores, null, 2)}\n`);
  console.log(`\n${JSON.stringify({ operatingPoint, rawScores: out.rawScores }, null, 2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
