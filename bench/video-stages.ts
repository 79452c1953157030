/**
 * Where a video analysis spends its CPU: `npx tsx bench/video-stages.ts [--repeat N] CLIP...`.
 * For each clip, the product's whole analysis (`analyseMedia`, nobody enrolled, every signal) runs
 * once to warm the models, then N times; each stage of the analysis's stopwatch (decode, faces,
 * synthetic, voice) is read on a CPU clock (this process's threads and the ffmpeg children it
 * waited for, bench/cpu-time.ts) instead of the wall clock, and every model call is counted and
 * timed the same way. The machine is shared, so the minimum of the N runs is reported: other
 * work only ever adds to CPU time (shared caches, memory bandwidth).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyseMedia } from "@lg/detection";
import { Model } from "@lg/detection/models/model";
import { cpuSecondsWithExitedChildren } from "./cpu-time.js";

const { values, positionals } = parseArgs({
  options: { repeat: { type: "string", default: "3" }, json: { type: "boolean", default: false } },
  allowPositionals: true,
});
const repeat = Number(values.repeat);
const cpuMs = () => cpuSecondsWithExitedChildren() * 1000;

// Every model call, by model name: calls and CPU milliseconds (the calls run one after another).
const modelCalls = new Map<string, { calls: number; cpuMs: number }>();
const predict = Model.prototype.predict;
Model.prototype.predict = async function (this: Model<unknown, unknown>, input: unknown) {
  await this.ready();
  const start = cpuMs();
  try {
    return await predict.call(this, input);
  } finally {
    const entry = modelCalls.get(this.name) ?? { calls: 0, cpuMs: 0 };
    entry.calls += 1;
    entry.cpuMs += cpuMs() - start;
    modelCalls.set(this.name, entry);
  }
};

/** analyseMedia with its stopwatch on the CPU clock: timingsMs then holds CPU milliseconds per stage. */
async function analyseOnCpuClock(bytes: Uint8Array) {
  const wallNow = performance.now;
  performance.now = cpuMs;
  try {
    return await analyseMedia(bytes, { enrolled: [] });
  } finally {
    performance.now = wallNow;
  }
}

const report: Record<string, unknown>[] = [];
for (const clip of positionals) {
  const bytes = new Uint8Array(await readFile(clip));
  await analyseMedia(bytes, { enrolled: [] });
  const runs: { stages: Record<string, number>; models: Record<string, { calls: number; cpuMs: number }> }[] = [];
  let seconds = 0;
  let framesAnalysed = 0;
  let verdict = "";
  for (let i = 0; i < repeat; i++) {
    modelCalls.clear();
    const result = await analyseOnCpuClock(bytes);
    seconds = result.media.durationSeconds ?? 0;
    framesAnalysed = result.media.framesAnalysed ?? 0;
    verdict = `${result.synthetic.status} ${result.synthetic.score?.toFixed(4)} intimate ${result.intimate?.status} ${result.intimate?.score?.toFixed(4) ?? ""}`;
    runs.push({ stages: { ...result.timingsMs }, models: Object.fromEntries(modelCalls) });
  }
  const min = (pick: (run: (typeof runs)[number]) => number | undefined) =>
    Math.min(...runs.map((run) => pick(run) ?? 0));
  const stageNames = Object.keys(runs[0]?.stages ?? {});
  const stages = Object.fromEntries(stageNames.map((name) => [name, Math.round(min((run) => run.stages[name]))]));
  const models = Object.fromEntries(
    Object.entries(runs[0]?.models ?? {}).map(([name, m]) => [
      name,
      { calls: m.calls, cpuMs: Math.round(min((run) => run.models[name]?.cpuMs)) },
    ]),
  );
  const total = stages.total ?? 0;
  const row = {
    clip: path.basename(clip),
    seconds,
    framesAnalysed,
    cpuSecondsPerSecond: seconds > 0 ? Number((total / 1000 / seconds).toFixed(3)) : null,
    stages,
    models,
    verdict,
  };
  report.push(row);
  if (!values.json) console.log(JSON.stringify(row));
}
if (values.json) console.log(JSON.stringify(report, null, 2));
