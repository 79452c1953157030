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
 * time per worker process (local/src/lambda/task-worker-pool.ts); the bench turns it on itself (to a
 * temporary file unless set) to measure Analyse's time per batch and per item.
 * Step Functions cost is priced from what the local runner counted for the measured scan's execution
 * (local/src/aws/sfn/execution-store.ts, ExecutionUsage): Standard transitions of the parent (every
 * state entered or retried, inline Map iterations included, plus one per Distributed Map child
 * started) and its Express children's requests and billed duration (docs/scale.md, "Fan-out in batches").
 * Where the CPU goes: `node --cpu-prof --cpu-prof-dir=DIR --import tsx bench/scan.ts ...` writes one
 * profile for the stack's process and one per task worker process (they exit on their own at stop).
 */

// First, for its effect: the task timeline is on before the stack's modules load.
import "./task-timeline-on.js";
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
import { invocationsOf } from "./task-timeline.js";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "120" },
    planted: { type: "string", default: "15" },
    out: { type: "string" },
    data: { type: "string" },
    cold: { type: "boolean", default: false },
  },
});

// List prices, us-east-1, with their sources (also in the JSON this writes).
const PRICE = {
  // Lambda on arm64: https://aws.amazon.com/lambda/pricing/
  gbSecond: 0.0000133334,
  request: 0.2 / 1_000_000,
  // Step Functions Standard, per state transition: https://aws.amazon.com/step-functions/pricing/
  transition: 0.025 / 1000,
  // Step Functions Express, per request and per GB-second (first 1,000 K GB-hours), billed in 100 ms
  // and 64 MB steps: https://aws.amazon.com/step-functions/pricing/
  expressRequest: 1 / 1_000_000,
  expressGbSecond: 0.00001667,
};
const PRICE_SOURCES = {
  lambda: "https://aws.amazon.com/lambda/pricing/ (arm64, us-east-1)",
  stepFunctions:
    "https://aws.amazon.com/step-functions/pricing/ (Standard transitions; Express requests and GB-seconds, us-east-1)",
  distributedMapTransitions:
    "https://docs.aws.amazon.com/step-functions/latest/dg/concepts-transitions.html (one transition per child execution a Distributed Map starts)",
};
// An Express child of the scan carries one batch of item references (a few KB): the smallest memory step.
const EXPRESS_CHILD_GB = 64 / 1024;
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
    const startedAt = Date.now();
    const cpuBefore = cpuSecondsWithAllDescendants();
    const machineBefore = machineBusyCpuSeconds();
    const executionArn = await startScan(stack.env, user, scanId);
    const run = await waitForScan(stack.env, executionArn, 3_600_000);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSecondsWithAllDescendants() - cpuBefore;
    await stack.sfn.idle();
    return {
      run,
      seconds,
      cpuSeconds,
      startedAt,
      usage: stack.sfn.usage(executionArn),
      machineBusyCores: (machineBusyCpuSeconds() - machineBefore) / seconds,
    };
  };
  let coldScan: Awaited<ReturnType<typeof timedScan>> | undefined;
  if (!values.cold) {
    const warmUser = "bench-warm-up-user";
    await enrolPersona(world, warmUser, scenario);
    coldScan = await timedScan(warmUser, "scan_bench_warm_up");
  }
  const { run, seconds, cpuSeconds, machineBusyCores, usage, startedAt } = await timedScan(userId, "scan_bench");
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
  // Each Analyse invocation is one batch (one Express child): its time, and the time per item it had.
  const batches = invocationsOf("lg-local-ScanAnalyse", startedAt).map((i) => (i.endedAt - i.startedAt) / 1000);
  const perItem = (n: number) => (itemsScanned > 0 ? n / itemsScanned : 0);
  const transitions = usage?.standardTransitions ?? 0;
  const cost = {
    lambda: secondsPerItem * analyseGb * PRICE.gbSecond + perItem(batches.length) * PRICE.request,
    standardTransitions: perItem(transitions) * PRICE.transition,
    express:
      perItem(usage?.expressRequests ?? 0) * PRICE.expressRequest +
      perItem((usage?.expressBilledMs ?? 0) / 1000) * EXPRESS_CHILD_GB * PRICE.expressGbSecond,
  };
  const costPerItem = cost.lambda + cost.standardTransitions + cost.express;
  const per1000 = (usd: number) => Math.round(usd * 1000 * 10000) / 10000;
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
    costPer1000ItemsUsd: per1000(costPerItem),
    stepFunctionsTransitionsPerItem: Math.round(perItem(transitions) * 1000) / 1000,
    analyseBatches: batches.length,
    analyseSecondsPerItem: Math.round(perItem(batches.reduce((a, b) => a + b, 0)) * 1000) / 1000,
    longestBatchSeconds: Math.round(Math.max(0, ...batches) * 10) / 10,
    workers: values.cold ? "cold (the first scan)" : "warm (after a warm-up scan of another user)",
    ...(coldScan
      ? {
          coldScanSeconds: Math.round(coldScan.seconds * 10) / 10,
          coldScanCpuSeconds: Math.round(coldScan.cpuSeconds * 10) / 10,
        }
      : {}),
    costPer1000Items: {
      lambdaUsd: per1000(cost.lambda),
      standardTransitionsUsd: per1000(cost.standardTransitions),
      expressChildrenUsd: per1000(cost.express),
    },
    stepFunctionsUsage: usage ?? null,
    formula:
      "per item = durationPerItemSeconds x analyseMemoryGb x lambda.gbSecond + (analyseBatches / items) x lambda.request + (standardTransitions / items) x transition + (expressRequests / items) x expressRequest + (expressBilledMs / 1000 / items) x 0.0625 GB x expressGbSecond",
    unitPricesUsd: PRICE,
    unitPriceSources: PRICE_SOURCES,
    assumptions: {
      analyseMemoryMb: WORKFLOW_TASKS.ScanAnalyse.memoryMb,
      durationPerItemSeconds: Math.round(secondsPerItem * 1000) / 1000,
      expressChildMemoryMb: EXPRESS_CHILD_GB * 1024,
      note: "Duration per item is the measured wall time of the whole scan divided by items on this machine (2 cores), an upper bound for one Lambda's billed duration. Express children are billed for their measured local duration (each one Analyse invocation sharing 2 cores with the others), an upper bound too.",
    },
  };
  console.log("| metric | value |\n|---|---|");
  for (const [k, v] of Object.entries(result)) if (typeof v !== "object") console.log(`| ${k} | ${v} |`);
  if (values.out) writeFileSync(values.out, `${JSON.stringify({ machine: benchMachine(), ...result }, null, 2)}\n`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
