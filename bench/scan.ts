/**
 * npm run bench:scan -- [--items M] [--planted N] [--out FILE.json] [--cold]
 * A real scan over the local platform simulator: recall of planted matches, false threats, media
 * analysed (identical bytes are analysed once per scan), items/s on this machine, CPU seconds per
 * item (comparable when others load the machine), the cores the scan kept busy beside the whole
 * machine's, and the Lambda cost per 1,000 items from measured durations.
 * The workers start cold, as Lambda functions do after a deploy, and a first scan pays for loading
 * the code and models in each: the measured scan follows a warm-up scan of another user over the
 * same platforms, as a deployed service's scans run on warm functions. The cold scan's time and CPU
 * are reported beside it (coldScan*); `--cold` measures the first scan instead.
 * Where a scan waits: LG_TASK_TIMELINE=FILE logs each task invocation's queued, started and ended
 * time per worker process (local/src/lambda/task-worker-pool.ts).
 * Where the CPU goes: `node --cpu-prof --cpu-prof-dir=DIR --import tsx bench/scan.ts ...` writes one
 * profile for the stack's process and one per task worker process (they exit on their own at stop).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { WORKFLOW_TASKS } from "../lambdas/src/workflows/tasks.js";
import { startLocalStack } from "../local/src/stack.js";
import {
  enrolPersona,
  loadScenario,
  scanClients,
  scoreThreats,
  startScan,
  waitForScan,
} from "../test/support/scan-run.js";
import { cpuSecondsWithAllDescendants, machineBusyCpuSeconds } from "./cpu-time.js";
import { benchMachine } from "./machine.js";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "120" },
    planted: { type: "string", default: "15" },
    out: { type: "string" },
    data: { type: "string" },
    cold: { type: "boolean", default: false },
  },
});

// Lambda on arm64 (us-east-1, 2026 list prices): per GB-second and per request; Step Functions
// Standard per state transition. Each item costs one Analyse invocation and about 3 transitions.
const PRICE = { gbSecond: 0.0000133334, request: 0.2 / 1_000_000, transition: 0.025 / 1000 };
const TRANSITIONS_PER_ITEM = 3;
const dataDir = mkdtempSync(path.join(tmpdir(), "lg-bench-scan-"));
const stack = await startLocalStack({
  dataDir,
  port: 0,
  ...(values.data ? { mediaDir: values.data } : {}),
  simulator: { totalItems: Number(values.items), plantedItems: Number(values.planted) },
});
try {
  const world = { env: stack.env, mediaDir: stack.env.DEMO_MEDIA_DIR ?? "" };
  const scenario = await loadScenario(stack.env);
  const userId = "bench-user";
  await enrolPersona(world, userId, scenario);
  const timedScan = async (user: string, scanId: string) => {
    const started = performance.now();
    const cpuBefore = cpuSecondsWithAllDescendants();
    const machineBefore = machineBusyCpuSeconds();
    const run = await waitForScan(stack.env, await startScan(stack.env, user, scanId), 3_600_000);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSecondsWithAllDescendants() - cpuBefore;
    return { run, seconds, cpuSeconds, machineBusyCores: (machineBusyCpuSeconds() - machineBefore) / seconds };
  };
  let coldScan: Awaited<ReturnType<typeof timedScan>> | undefined;
  if (!values.cold) {
    const warmUser = "bench-warm-up-user";
    await enrolPersona(world, warmUser, scenario);
    coldScan = await timedScan(warmUser, "scan_bench_warm_up");
  }
  const { run, seconds, cpuSeconds, machineBusyCores } = await timedScan(userId, "scan_bench");
  if (run.status !== "SUCCEEDED") console.error("scan", run.status, run.error, run.cause?.slice(0, 500));
  const output = JSON.parse(run.output ?? "{}") as {
    finish?: { itemsScanned?: number };
    results?: { failed?: boolean; failedItems?: number; error?: unknown }[];
  };
  const itemsScanned = output.finish?.itemsScanned ?? 0;
  // A failed item or platform is skipped by the scan, so recall alone would hide why it dropped.
  const results = output.results ?? [];
  const itemsFailed = results.reduce((n, r) => n + (r.failedItems ?? 0), 0);
  const platformsFailed = results.filter((r) => r.failed);
  for (const r of platformsFailed) console.error("platform failed:", JSON.stringify(r).slice(0, 500));
  const score = await scoreThreats(world, userId, scenario);
  // Identical bytes are analysed once per scan (one shared finding each), so this is the detection work done.
  const userItems = await scanClients(stack.env).accounts.listUserItems(userId);
  const mediaAnalysed = userItems.filter((i) => i.entity === "MediaFinding").length;
  for (const m of score.missed) console.error("planted but not found:", m.platform, m.path);
  for (const t of score.falseThreats)
    console.error("false threat:", JSON.stringify({ ...t, detection: undefined }).slice(0, 1500));
  const secondsPerItem = itemsScanned > 0 ? seconds / itemsScanned : 0;
  const analyseGb = WORKFLOW_TASKS.ScanAnalyse.memoryMb / 1024;
  const costPerItem =
    secondsPerItem * analyseGb * PRICE.gbSecond + PRICE.request + TRANSITIONS_PER_ITEM * PRICE.transition;
  const result = {
    status: run.status,
    scenarioItems: scenario.items.length,
    itemsScanned,
    planted: score.planted,
    found: score.found,
    falseThreats: score.falseThreats.length,
    itemsFailed,
    platformsFailed: platformsFailed.length,
    threats: score.threats.length,
    mediaAnalysed,
    seconds: Math.round(seconds * 10) / 10,
    itemsPerSecond: itemsScanned > 0 ? Math.round((itemsScanned / seconds) * 100) / 100 : 0,
    cpuSeconds: Math.round(cpuSeconds * 10) / 10,
    cpuSecondsPerItem: itemsScanned > 0 ? Math.round((cpuSeconds / itemsScanned) * 1000) / 1000 : 0,
    // The cores the scan kept busy, and the whole machine's: when the machine's are near its core count
    // and the scan's well below, other work had the rest (Linux shares CPU per session, not per process).
    busyCores: Math.round((cpuSeconds / seconds) * 100) / 100,
    machineBusyCores: Math.round(machineBusyCores * 100) / 100,
    cores: os.availableParallelism(),
    costPer1000ItemsUsd: Math.round(costPerItem * 1000 * 10000) / 10000,
    workers: values.cold ? "cold (the first scan)" : "warm (after a warm-up scan of another user)",
    ...(coldScan
      ? {
          coldScanSeconds: Math.round(coldScan.seconds * 10) / 10,
          coldScanCpuSeconds: Math.round(coldScan.cpuSeconds * 10) / 10,
        }
      : {}),
    assumptions: {
      analyseMemoryMb: WORKFLOW_TASKS.ScanAnalyse.memoryMb,
      durationPerItemSeconds: Math.round(secondsPerItem * 1000) / 1000,
      note: "Duration per item is the measured wall time of the whole scan divided by items on this machine (2 cores), an upper bound for one Lambda's billed duration.",
    },
  };
  console.log("| metric | value |\n|---|---|");
  for (const [k, v] of Object.entries(result)) if (typeof v !== "object") console.log(`| ${k} | ${v} |`);
  if (values.out) writeFileSync(values.out, `${JSON.stringify({ machine: benchMachine(), ...result }, null, 2)}\n`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
