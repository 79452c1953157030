/**
 * npm run bench:crawl -- [--items M] [--planted N] [--people 1,10,100,1000] [--out FILE.json]
 * The shared crawl (issue 24, docs/scale.md) over the local platform simulator, once per gallery size:
 * the simulator's persona enrolled as one account (its planted likeness is what must be found), and
 * P - 1 further people in the gallery, each with an account watching every platform. Those people
 * are drawn from a Gaussian model of real SFace embeddings (bench/gallery-model.ts, calibrated to the
 * real impostor and genuine distances as bench:gallery does), so no photo of them exists: any threat
 * recorded for one is a false one.
 * Per run: items crawled, items/s, CPU seconds per item (the stack and its worker processes), Step
 * Functions transitions and Express children per item, gallery statements per item, recall of the
 * persona's planted media on shared sources, false threats (the persona's and everyone else's).
 * The cost model prices one crawled item from those measured figures and prices a protected
 * person-month at 1 M people and 100 M crawled items a day (the formula and unit prices in the JSON).
 */

// First, for its effect: the task timeline is on before the stack's modules load.
import "./task-timeline-on.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DeleteCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { CURRENT_FACE_EMBEDDING_MODEL } from "@lg/domain/biometrics/embedding-models";
import { DynamoCrawledItems } from "@lg/domain/crawl/adapters/dynamo-crawled-items";
import type { CrawlItem } from "@lg/domain/crawl/crawl-service";
import { rebuildGalleryFor } from "@lg/domain/gallery/gallery-sync";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { ANALYSIS_PARTITION_PREFIX, CRAWLED_PARTITION_PREFIX } from "@lg/domain/table/entities";
import { WORKFLOW_TASKS } from "../lambdas/src/workflows/tasks.js";
import { itemNumberIn } from "../local/src/platform-simulator/formats/web-pages.js";
import { startLocalStack } from "../local/src/stack.js";
import { localGallery } from "../test/integration/local-gallery.js";
import {
  enrolPersona,
  loadScenario,
  plantedOnSharedSources,
  runCrawl,
  scanClients,
  scenarioUrl,
  watchingEverywhere,
} from "../test/support/scan-run.js";
import { cpuSecondsWithAllDescendants, machineBusyCpuSeconds } from "./cpu-time.js";
import {
  atMatchedShare,
  fastestPerItem,
  type ItemCost,
  type ItemCostSummary,
  measureItems,
  summariseItemCosts,
} from "./crawl-item-costs.js";
import { calibrationTarget, realFaceEmbeddings, realPairDistances } from "./gallery-faces.js";
import { FaceEmbeddingModel } from "./gallery-model.js";
import { benchMachine } from "./machine.js";
import { invocationsOf } from "./task-timeline.js";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "120" },
    planted: { type: "string", default: "15" },
    people: { type: "string", default: "1,10,100,1000" },
    out: { type: "string" },
    data: { type: "string" },
  },
});

// List prices, us-east-1, with their sources (also in the JSON this writes).
const PRICE = {
  lambdaGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1_000_000,
  standardTransition: 0.025 / 1000,
  expressRequest: 1 / 1_000_000,
  expressGbSecond: 0.00001667,
  dynamoWriteRequestUnit: 0.625 / 1_000_000,
  dynamoReadRequestUnit: 0.125 / 1_000_000,
  dataApiRequest: 0.35 / 1_000_000,
  auroraAcuHour: 0.12,
};
const PRICE_SOURCES = {
  lambda: "https://aws.amazon.com/lambda/pricing/ (arm64, us-east-1)",
  stepFunctions:
    "https://aws.amazon.com/step-functions/pricing/ (Standard transitions; Express requests and GB-seconds)",
  dynamodb: "https://aws.amazon.com/dynamodb/pricing/on-demand/ (write and read request units, on-demand)",
  aurora:
    "https://aws.amazon.com/rds/aurora/pricing/ (Aurora Serverless v2 ACU-hour; Data API requests, first billion a month)",
};
// An Express child carries one batch of item references (a few KB): the smallest memory step.
const EXPRESS_CHILD_GB = 64 / 1024;
const SCALE = { people: 1_000_000, itemsPerDay: 100_000_000, daysPerMonth: 30, crawlsPerDay: 24 };
/**
 * The share of crawled items in which some enrolled face or voice matches, at scale: an assumption,
 * not a measurement. A million people spread over 100 M items a day at about one appearance each a
 * day is 1%; the simulator plants far more (its share is measured and priced too, for comparison).
 */
const MATCHED_SHARE_AT_SCALE = 0.01;
// Passes over the crawled items, each item analysed alone; each item's fastest counts (fastestPerItem).
const ITEM_PASSES = 2;
// The child batch size the crawl's Distributed Map runs (statemachines/crawl.asl.json's ItemBatcher).
const ITEMS_PER_CHILD = (() => {
  const text = readFileSync(path.join(import.meta.dirname, "../statemachines/crawl.asl.json"), "utf8");
  const sizes = [...text.matchAll(/"MaxItemsPerBatch":\s*(\d+)/g)].map((m) => Number(m[1]));
  if (sizes.length === 0) throw new Error("The crawl state machine has no ItemBatcher");
  return Math.min(...sizes);
})();
// The production gallery's ceiling (cdk.json, prod: gallery.maxCapacity), held all month: an upper bound.
// At 1 M people and 100 M items a day the gallery is CPU-bound (docs/scale.md, "The graph shipped").
const GALLERY_ACUS = (() => {
  const cdk = JSON.parse(readFileSync(path.join(import.meta.dirname, "../cdk.json"), "utf8")) as {
    context?: { stages?: { prod?: { gallery?: { maxCapacity?: number } } } };
  };
  const acus = cdk.context?.stages?.prod?.gallery?.maxCapacity;
  if (typeof acus !== "number") throw new Error("cdk.json has no prod gallery.maxCapacity");
  return acus;
})();

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** What a measured crawl ran besides the items' analysis, for pricing it at scale. */
interface CrawlOverheads {
  items: number;
  standardTransitions: number;
  children: number;
  /** GB-seconds and invocations of the tasks other than CrawlAnalyse (plan, discover, record, hand over). */
  otherTaskGbSeconds: number;
  otherTaskSeconds: number;
}

/**
 * One crawled item's cost at SCALE with `share` of items matched, from measured figures: each item's
 * analysis alone (wall time, billed as Lambda duration, the gallery's wait included), the other tasks'
 * time per item as this crawl measured it, and the state machine's transitions outside its children
 * spread over an hourly crawl's items, plus one transition and one Express request per child of
 * ITEMS_PER_CHILD items (AWS bills one transition per child a Distributed Map starts).
 */
function costAtScale(
  items: ItemCostSummary,
  run: CrawlOverheads,
  share: number,
  duration: "wallSeconds" | "cpuSeconds",
) {
  const itemsPerCrawl = SCALE.itemsPerDay / SCALE.crawlsPerDay;
  const analyseSeconds = atMatchedShare(items, share, duration);
  const perChild = 1 / ITEMS_PER_CHILD;
  const cost = {
    lambda:
      analyseSeconds * (WORKFLOW_TASKS.CrawlAnalyse.memoryMb / 1024) * PRICE.lambdaGbSecond +
      (run.otherTaskGbSeconds / run.items) * PRICE.lambdaGbSecond +
      // Analyse, record and hand over: one invocation each per child.
      3 * perChild * PRICE.lambdaRequest,
    standardTransitions:
      ((run.standardTransitions - run.children) / itemsPerCrawl + perChild) * PRICE.standardTransition,
    express:
      perChild * PRICE.expressRequest +
      (analyseSeconds + run.otherTaskSeconds / run.items) * EXPRESS_CHILD_GB * PRICE.expressGbSecond,
    locators: PRICE.dynamoWriteRequestUnit + 0.5 * PRICE.dynamoReadRequestUnit,
    galleryRequests: atMatchedShare(items, share, "galleryStatements") * PRICE.dataApiRequest,
  };
  const total = Object.values(cost).reduce((a, b) => a + b, 0);
  const galleryMonth = GALLERY_ACUS * 730 * PRICE.auroraAcuHour;
  return {
    matchedShare: share,
    analyseSecondsPerItem: round(analyseSeconds),
    stepFunctionsTransitionsPerItem: round(
      run.standardTransitions / itemsPerCrawl - run.children / itemsPerCrawl + perChild,
      4,
    ),
    costPer1000ItemsUsd: Object.fromEntries(
      [...Object.entries(cost), ["total", total]].map(([k, v]) => [k, round((v as number) * 1000, 5)]),
    ),
    costPerProtectedPersonMonthUsd: round(
      (SCALE.itemsPerDay * SCALE.daysPerMonth * total + galleryMonth) / SCALE.people,
      4,
    ),
  };
}
// The other people of the gallery: a model of real faces, calibrated as bench:gallery calibrates it.
const repo = path.resolve(import.meta.dirname, "..");
const real = await realFaceEmbeddings([path.join(repo, "../shared/data"), path.join(repo, "../shared/train")]);
const model = new FaceEmbeddingModel(real, 41);
model.calibrate(calibrationTarget(realPairDistances(real)));

// Lambda's detection functions run the static ffmpeg and ffprobe of the layer's npm packages
// (lib/constructs/runtime-packages.ts); a distribution's dynamically linked build spends ~0.1 s more
// loading its libraries on every item that spawns one. The same packages' build for this machine
// stands in for them, unless the caller chose tools.
const mediaTools = (() => {
  const require = createRequire(import.meta.url);
  const tools = { FFMPEG_PATH: "@ffmpeg-installer", FFPROBE_PATH: "@ffprobe-installer" } as const;
  const chosen: Record<string, string> = {};
  for (const [variable, scope] of Object.entries(tools)) {
    if (process.env[variable]) {
      chosen[variable] = process.env[variable] ?? "";
      continue;
    }
    try {
      const manifest = require.resolve(`${scope}/${process.platform}-${process.arch}/package.json`);
      const binary = path.join(path.dirname(manifest), variable === "FFMPEG_PATH" ? "ffmpeg" : "ffprobe");
      const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
      process.env[variable] = binary;
      chosen[variable] = `${scope}/${process.platform}-${process.arch}@${version}`;
    } catch {
      chosen[variable] = "the first on the PATH";
    }
  }
  return chosen;
})();

const dataDir = mkdtempSync(path.join(tmpdir(), "lg-bench-crawl-"));
const stack = await startLocalStack({
  dataDir,
  port: 0,
  ...(values.data ? { mediaDir: values.data } : {}),
  simulator: { totalItems: Number(values.items), plantedItems: Number(values.planted) },
});
try {
  const { env } = stack;
  const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? "" };
  const scenario = await loadScenario(env);
  const { accounts, keys, threats, doc } = scanClients(env);
  const gallery = localGallery(env);
  const { planted, avatars, expected } = await plantedOnSharedSources(world, scenario);

  const others: string[] = [];
  const addPerson = async (userId: string) => {
    const now = new Date().toISOString();
    await accounts.putProfile(
      watchingEverywhere(userId, { firstName: "Bench", lastName: userId, aliases: [], handles: [] }),
    );
    const centre = model.person();
    for (let s = 0; s < 3; s++) {
      await gallery.put({
        userId,
        personId: SELF_PERSON_ID,
        sampleId: `face-${s}`,
        modality: "face",
        model: CURRENT_FACE_EMBEDDING_MODEL,
        embedding: model.sample(centre),
        verified: true,
        searched: true,
        source: "live-capture",
        consentVersion: "bench",
        enrolledAt: now,
      });
    }
    others.push(userId);
  };
  const ledger = new DynamoCrawledItems(doc, env.TABLE_NAME ?? "");
  /** Table items whose partition key starts with `prefix` (and whose sort key is `sk`, if given). */
  const readItems = async <T>(prefix: string, sk?: string) => {
    const found: (T & { pk: string; sk: string })[] = [];
    for (let start: Record<string, unknown> | undefined; ; ) {
      const page = await doc.send(
        new ScanCommand({
          TableName: env.TABLE_NAME,
          FilterExpression: sk ? "begins_with(pk, :p) AND sk = :sk" : "begins_with(pk, :p)",
          ExpressionAttributeValues: { ":p": prefix, ...(sk ? { ":sk": sk } : {}) },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      found.push(...((page.Items ?? []) as (T & { pk: string; sk: string })[]));
      start = page.LastEvaluatedKey;
      if (!start) return found;
    }
  };
  /** The items the crawls have read, from their locators. */
  const readLocators = () => readItems<CrawlItem>(CRAWLED_PARTITION_PREFIX, "LOCATOR");
  const remove = async (items: { pk: string; sk: string }[]) => {
    for (const { pk, sk } of items) await doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: { pk, sk } }));
  };
  /**
   * Each measured crawl reads every item anew and meets every medium for the first time: the
   * locators go, and the person-independent readings kept by content hash; the look-back ledger stays.
   */
  const forgetCrawledItems = async () => {
    await remove(await readLocators());
    await remove(await readItems(ANALYSIS_PARTITION_PREFIX));
  };
  // Each crawled item analysed again, alone, in this process (as one Lambda environment analyses it):
  // its own time, and the gallery's share of it apart.
  Object.assign(process.env, env);
  const { crawlService } = await import("../lambdas/src/shared/crawl/services.js");
  // Each simulator item carries one medium; the crawled URL names the item (as takedowns find it).
  const report = (await (await fetch(scenarioUrl(env))).json()) as {
    items: { no: number; media: { kind: string }[] }[];
  };
  const kindByItem = new Map(report.items.map((i) => [String(i.no), i.media[0]?.kind ?? "none"]));
  const kindOf = (item: CrawlItem) => kindByItem.get(itemNumberIn(item.url) ?? "") ?? "unknown";
  const measureCrawledItems = async (crawlId: string) => {
    const items = (await readLocators()).map(({ platformId, ref, url }) => ({ platformId, ref, url }));
    const passes: ItemCost[][] = [];
    for (let pass = 0; pass < ITEM_PASSES; pass++) {
      // As the crawl met them: nothing kept from an earlier analysis of the same media.
      await remove(await readItems(ANALYSIS_PARTITION_PREFIX));
      passes.push(
        await measureItems(
          items,
          async (item) => ({
            matched: (await crawlService().analyseBatch({ crawlId, items: [item] })).matches.length > 0,
          }),
          { seconds: () => stack.gallerySeconds(), statements: () => stack.galleryStatements() },
          kindOf,
        ),
      );
    }
    return summariseItemCosts(fastestPerItem(passes));
  };

  const crawl = (name: string) => runCrawl(env, name, 3_600_000);

  // The task workers start cold, as Lambda functions do after a deploy: a first crawl loads the code and
  // models in each, and the measured crawls run on warm workers, as a deployed service's do.
  const warmUp = "bench-crawl-warm-up";
  await enrolPersona(world, warmUp, scenario);
  await rebuildGalleryFor(warmUp, await accounts.listSamples(warmUp), { gallery, keys, now: () => new Date() });
  const warm = await crawl(`bench-crawl-warm-up-${Date.now()}`);
  await stack.sfn.idle();
  // This process's own models (the costly signals' too, on the matched items) load on a first pass,
  // left out of the measurement.
  await measureCrawledItems("bench-crawl-warm-up-items");
  await gallery.removeUser(warmUp);
  console.log(`warm-up crawl: ${warm.run.status}`);
  // The measured crawls are the steady state: everyone in the gallery enrolled before the crawl began
  // and was looked back for; a newcomer's look-back is measured apart, after them.
  const lookedBackFor = async (userIds: string[]) => {
    for (const userId of userIds) await ledger.markLookedBack(userId, new Date().toISOString());
  };

  const runs: Record<string, unknown>[] = [];
  let previousPersona: string | undefined;
  for (const people of values.people.split(",").map(Number)) {
    // A new account for the persona each run, so its threats are this crawl's alone.
    const persona = `bench-crawl-persona-${people}`;
    await enrolPersona(world, persona, scenario);
    if (previousPersona) await gallery.removeUser(previousPersona);
    await rebuildGalleryFor(persona, await accounts.listSamples(persona), { gallery, keys, now: () => new Date() });
    previousPersona = persona;
    while (others.length < people - 1) await addPerson(`bench-crawl-person-${others.length}`);
    await lookedBackFor([persona, ...others]);
    await forgetCrawledItems();

    const startedAt = Date.now();
    const started = performance.now();
    const cpuBefore = cpuSecondsWithAllDescendants();
    const machineBefore = machineBusyCpuSeconds();
    const statementsBefore = stack.galleryStatements();
    const { run, executionArn } = await crawl(`bench-crawl-${people}-${startedAt}`);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSecondsWithAllDescendants() - cpuBefore;
    const machineBusyCores = (machineBusyCpuSeconds() - machineBefore) / seconds;
    await stack.sfn.idle();
    const statements = stack.galleryStatements() - statementsBefore;
    const usage = stack.sfn.usage(executionArn);
    const output = JSON.parse(run.output ?? "{}") as {
      platforms?: { discovered?: { itemCount: number }; failed?: boolean }[];
    };
    const crawled = (output.platforms ?? []).reduce((n, p) => n + (p.discovered?.itemCount ?? 0), 0);

    const recorded = await threats.list(persona);
    const found = new Set(recorded.map((t) => t.mediaSha256.split(":")[0]));
    const missed = expected.filter((hash) => !found.has(hash));
    const personaFalse = recorded.filter((t) => !planted.has(t.mediaSha256) && !avatars.has(t.mediaSha256));
    let othersThreats = 0;
    for (const userId of others) othersThreats += (await threats.list(userId)).length;

    const perItem = (n: number) => (crawled > 0 ? n / crawled : 0);
    const billed = (task: string) => invocationsOf(`lg-local-${task}`, startedAt);
    const lambdaSeconds = (["CrawlPlan", "CrawlDiscover", "CrawlAnalyse", "CrawlRecord", "CrawlHandOver"] as const)
      .map((task) => ({
        task,
        gb: WORKFLOW_TASKS[task].memoryMb / 1024,
        runs: billed(task).map((i) => (i.endedAt - i.startedAt) / 1000),
      }))
      .map(({ task, gb, runs }) => ({ task, gb, invocations: runs.length, seconds: runs.reduce((a, b) => a + b, 0) }));
    const cost = {
      lambda: perItem(
        lambdaSeconds.reduce(
          (sum, t) => sum + t.seconds * t.gb * PRICE.lambdaGbSecond + t.invocations * PRICE.lambdaRequest,
          0,
        ),
      ),
      standardTransitions: perItem(usage?.standardTransitions ?? 0) * PRICE.standardTransition,
      express:
        perItem(usage?.expressRequests ?? 0) * PRICE.expressRequest +
        perItem((usage?.expressBilledMs ?? 0) / 1000) * EXPRESS_CHILD_GB * PRICE.expressGbSecond,
      // One locator written (under 1 KB) and one eventually consistent read of it per item.
      locators: PRICE.dynamoWriteRequestUnit + 0.5 * PRICE.dynamoReadRequestUnit,
      galleryRequests: perItem(statements) * PRICE.dataApiRequest,
    };
    const perCrawledItem = Object.values(cost).reduce((a, b) => a + b, 0);
    const itemsPerMonth = SCALE.itemsPerDay * SCALE.daysPerMonth;
    const galleryMonth = GALLERY_ACUS * 730 * PRICE.auroraAcuHour;
    const perPersonMonth = (itemsPerMonth * perCrawledItem + galleryMonth) / SCALE.people;
    const itemCosts = await measureCrawledItems(`bench-crawl-items-${people}`);
    const otherTasks = lambdaSeconds.filter((t) => t.task !== "CrawlAnalyse");
    const overheads: CrawlOverheads = {
      items: crawled,
      standardTransitions: usage?.standardTransitions ?? 0,
      children: usage?.expressRequests ?? 0,
      otherTaskGbSeconds: otherTasks.reduce((sum, t) => sum + t.seconds * t.gb, 0),
      otherTaskSeconds: otherTasks.reduce((sum, t) => sum + t.seconds, 0),
    };
    const simulatorShare = itemCosts.all.items > 0 ? itemCosts.matched.items / itemCosts.all.items : 0;
    const roundedCosts = (part: ItemCostSummary["all"]) => ({
      items: part.items,
      wallSeconds: round(part.wallSeconds),
      cpuSeconds: round(part.cpuSeconds),
      analysisCpuSeconds: round(part.analysisCpuSeconds),
      gallerySeconds: round(part.gallerySeconds, 4),
      galleryStatements: round(part.galleryStatements, 2),
    });
    runs.push({
      people,
      galleryFaces: (people - 1) * 3 + 1,
      status: run.status,
      itemsCrawled: crawled,
      platformsFailed: (output.platforms ?? []).filter((p) => p.failed).length,
      seconds: round(seconds, 1),
      itemsPerSecond: round(perItem(1) > 0 ? crawled / seconds : 0, 2),
      cpuSecondsPerItem: round(perItem(cpuSeconds)),
      busyCores: round(cpuSeconds / seconds, 2),
      machineBusyCores: round(machineBusyCores, 2),
      stepFunctionsTransitionsPerItem: round(perItem(usage?.standardTransitions ?? 0)),
      expressChildrenPerItem: round(perItem(usage?.expressRequests ?? 0)),
      galleryStatementsPerItem: round(perItem(statements)),
      plantedOnSharedSources: expected.length,
      plantedFound: expected.length - missed.length,
      recall: expected.length > 0 ? round((expected.length - missed.length) / expected.length) : null,
      falseThreats: personaFalse.length + othersThreats,
      lambdaSecondsByTask: Object.fromEntries(lambdaSeconds.map((t) => [t.task, round(t.seconds, 2)])),
      costPer1000ItemsUsd: Object.fromEntries(
        [...Object.entries(cost), ["total", perCrawledItem]].map(([k, v]) => [k, round((v as number) * 1000, 5)]),
      ),
      costPerProtectedPersonMonthUsd: round(perPersonMonth, 4),
      // The workers' peak memory while running the crawl's tasks: what CrawlAnalyse's memory size must hold.
      analyseWorkerPeakRssMb: Math.max(0, ...billed("CrawlAnalyse").map((i) => i.peakRssMb ?? 0)),
      itemsAnalysedAlone: {
        all: roundedCosts(itemCosts.all),
        unmatched: roundedCosts(itemCosts.unmatched),
        matched: roundedCosts(itemCosts.matched),
        unmatchedByKind: Object.fromEntries(
          Object.entries(itemCosts.unmatchedByKind).map(([kind, part]) => [kind, roundedCosts(part)]),
        ),
      },
      // Billed duration between two bounds: each item's wall time here (other work on a shared machine
      // stretches it) and its CPU time (a core of its own, remote services answering at once).
      atScale: {
        assumedMatchedShare: {
          byWallTime: costAtScale(itemCosts, overheads, MATCHED_SHARE_AT_SCALE, "wallSeconds"),
          byCpuTime: costAtScale(itemCosts, overheads, MATCHED_SHARE_AT_SCALE, "cpuSeconds"),
        },
        simulatorMatchedShare: {
          byWallTime: costAtScale(itemCosts, overheads, simulatorShare, "wallSeconds"),
          byCpuTime: costAtScale(itemCosts, overheads, simulatorShare, "cpuSeconds"),
        },
      },
    });
    const last = runs.at(-1) as Record<string, unknown>;
    console.log(
      "  items analysed alone:",
      JSON.stringify(last.itemsAnalysedAlone),
      "at scale:",
      JSON.stringify(last.atScale),
    );
    console.log(
      `P=${people}: ${crawled} items in ${last.seconds} s, ${last.cpuSecondsPerItem} CPU-s/item, recall ${last.recall}, false threats ${last.falseThreats}, $${(last.costPer1000ItemsUsd as { total: number }).total}/1,000 items, $${last.costPerProtectedPersonMonthUsd}/person-month`,
    );
    console.log(
      "  cost per 1,000 items:",
      JSON.stringify(last.costPer1000ItemsUsd),
      "lambda s:",
      JSON.stringify(last.lambdaSecondsByTask),
    );
  }
  // A newcomer's look-back: a person enrols after the last crawl read every item; the next crawl reads
  // nothing new and fetches what it read before they enrolled again, matched with them alone.
  const newcomer = "bench-crawl-newcomer";
  await enrolPersona(world, newcomer, scenario);
  await rebuildGalleryFor(newcomer, await accounts.listSamples(newcomer), { gallery, keys, now: () => new Date() });
  // What the crawl read, it read before the newcomer enrolled: nothing of theirs was matched or kept then.
  await remove(await readItems(ANALYSIS_PARTITION_PREFIX));
  const lookBackStartedAt = Date.now();
  const lookBackStarted = performance.now();
  const lookBackCpuBefore = cpuSecondsWithAllDescendants();
  const lookBackRun = await crawl(`bench-crawl-look-back-${lookBackStartedAt}`);
  const lookBackSeconds = (performance.now() - lookBackStarted) / 1000;
  const lookBackCpu = cpuSecondsWithAllDescendants() - lookBackCpuBefore;
  await stack.sfn.idle();
  const lookBackUsage = stack.sfn.usage(lookBackRun.executionArn);
  const lookedBack = (
    (JSON.parse(lookBackRun.run.output ?? "{}") as { lookBacks?: { discovered?: { itemCount: number } }[] })
      .lookBacks ?? []
  ).reduce((n, l) => n + (l.discovered?.itemCount ?? 0), 0);
  const newcomerThreats = await threats.list(newcomer);
  const newcomerMedia = new Set(newcomerThreats.map((t) => t.mediaSha256.split(":")[0]));
  const analyseSeconds = invocationsOf("lg-local-CrawlAnalyse", lookBackStartedAt).reduce(
    (sum, i) => sum + (i.endedAt - i.startedAt) / 1000,
    0,
  );
  const lookBackCost =
    analyseSeconds * (WORKFLOW_TASKS.CrawlAnalyse.memoryMb / 1024) * PRICE.lambdaGbSecond +
    (lookBackUsage?.standardTransitions ?? 0) * PRICE.standardTransition +
    (lookBackUsage?.expressRequests ?? 0) * PRICE.expressRequest +
    ((lookBackUsage?.expressBilledMs ?? 0) / 1000) * EXPRESS_CHILD_GB * PRICE.expressGbSecond;
  const lookBack = {
    status: lookBackRun.run.status,
    itemsFetchedAgain: lookedBack,
    seconds: round(lookBackSeconds, 1),
    cpuSecondsPerItem: lookedBack > 0 ? round(lookBackCpu / lookedBack) : null,
    plantedOnSharedSources: expected.length,
    plantedFound: expected.filter((hash) => newcomerMedia.has(hash)).length,
    falseThreats: newcomerThreats.filter((t) => !planted.has(t.mediaSha256) && !avatars.has(t.mediaSha256)).length,
    costPerNewcomerUsd: round(lookBackCost, 6),
    costPerNewcomerAt2000ItemsUsd: lookedBack > 0 ? round((lookBackCost / lookedBack) * 2000, 5) : null,
  };
  console.log("look-back:", JSON.stringify(lookBack));

  const first = runs[0] as { cpuSecondsPerItem: number };
  const analysisCpu = (r: Record<string, unknown>) =>
    (r.itemsAnalysedAlone as { all: { analysisCpuSeconds: number } }).all.analysisCpuSeconds;
  const result = {
    benchmark: "crawl",
    machine: { ...benchMachine(), loadAverage: os.loadavg().map((x) => round(x, 2)) },
    scenario: { items: scenario.items.length, plantedItems: Number(values.planted) },
    mediaTools,
    people:
      "The simulator's persona (real photos, planted on the platforms) and P - 1 people drawn from a Gaussian model of real SFace embeddings calibrated to the real impostor and genuine distances (bench/gallery-model.ts), 3 samples each, each with an account watching every platform.",
    runs,
    newcomerLookBack: lookBack,
    cpuPerItemVersusFirst: runs.map((r) => ({
      people: r.people,
      ratio: round((r.cpuSecondsPerItem as number) / first.cpuSecondsPerItem, 2),
      // The analysing function's own CPU per item (each item alone, the gallery's statements left out):
      // what stays in Lambda when the gallery is Aurora.
      analysisRatio: round(analysisCpu(r) / analysisCpu(first), 2),
    })),
    formula:
      "as measured (costPer1000ItemsUsd): per crawled item = Σ_tasks (seconds x memoryGb x lambdaGbSecond + invocations x lambdaRequest) / items + transitions/items x standardTransition + expressRequests/items x expressRequest + expressBilledSeconds/items x 0.0625 GB x expressGbSecond + dynamoWriteRequestUnit + 0.5 x dynamoReadRequestUnit + galleryStatements/items x dataApiRequest. At scale (atScale), with s the matched share and x(s) = unmatched x + s x (matched x - unmatched x) over items analysed alone: per crawled item = analyseWallSeconds(s) x analyseMemoryGb x lambdaGbSecond + otherTasksGbSeconds/items x lambdaGbSecond + 3/itemsPerChild x lambdaRequest + ((transitions - children)/(itemsPerDay/crawlsPerDay) + 1/itemsPerChild) x standardTransition + 1/itemsPerChild x expressRequest + (analyseWallSeconds(s) + otherTasksSeconds/items) x 0.0625 GB x expressGbSecond + dynamoWriteRequestUnit + 0.5 x dynamoReadRequestUnit + galleryStatements(s) x dataApiRequest; per protected person-month = (itemsPerDay x 30 x per crawled item + galleryAcus x 730 h x auroraAcuHour) / people",
    itemsPerChild: ITEMS_PER_CHILD,
    scale: { ...SCALE, galleryAcus: GALLERY_ACUS },
    unitPricesUsd: PRICE,
    unitPriceSources: PRICE_SOURCES,
    assumptions: [
      "As measured: Lambda time is each task invocation's wall time in the crawl on this 2-core machine, where several invocations share the cores: an upper bound for billed duration, and the simulated platforms plant far more likeness than the web carries (about one item in eight), so the costly synthetic-media signals, which run only on matched items, weigh more here than at scale.",
      `At scale: each item's Lambda duration lies between its CPU time and its wall time, analysed alone in one process, the faster of ${ITEM_PASSES} passes (its gallery statements and every stand-in's answer included, as the wait on the remote services; on a shared machine other work stretches the wall time, and the web's latency is not in either), at a matched share of ${MATCHED_SHARE_AT_SCALE} (assumed: a million people at about one appearance each in 100 M items a day) and at the simulator's measured share. A crawl runs hourly; AWS bills one transition per child a Distributed Map starts.`,
      `The gallery is priced at the production ceiling of ${GALLERY_ACUS} ACUs (cdk.json) all month. Its statements' time is Aurora's in AWS: itemsAnalysedAlone keeps it apart (gallerySeconds) from the function's own CPU (analysisCpuSeconds).`,
    ],
  };
  console.log(JSON.stringify(result.cpuPerItemVersusFirst));
  if (values.out) writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
