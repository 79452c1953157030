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
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DeleteCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { CURRENT_FACE_EMBEDDING_MODEL } from "@lg/domain/biometrics/embedding-models";
import { DynamoCrawledItems } from "@lg/domain/crawl/adapters/dynamo-crawled-items";
import { rebuildGalleryFor } from "@lg/domain/gallery/gallery-sync";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { WORKFLOW_TASKS } from "../lambdas/src/workflows/tasks.js";
import { startLocalStack } from "../local/src/stack.js";
import { localGallery } from "../test/integration/local-gallery.js";
import {
  enrolPersona,
  loadScenario,
  plantedOnSharedSources,
  runCrawl,
  scanClients,
  watchingEverywhere,
} from "../test/support/scan-run.js";
import { cpuSecondsWithAllDescendants, machineBusyCpuSeconds } from "./cpu-time.js";
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
const SCALE = { people: 1_000_000, itemsPerDay: 100_000_000, daysPerMonth: 30 };
// The production gallery's ceiling (cdk.json, prod: gallery.maxCapacity), held all month: an upper bound.
const GALLERY_ACUS = 32;

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
// The other people of the gallery: a model of real faces, calibrated as bench:gallery calibrates it.
const repo = path.resolve(import.meta.dirname, "..");
const real = await realFaceEmbeddings([path.join(repo, "../shared/data"), path.join(repo, "../shared/train")]);
const model = new FaceEmbeddingModel(real, 41);
model.calibrate(calibrationTarget(realPairDistances(real)));

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
  /** The crawl's locators go (each measured crawl reads every item anew); its look-back ledger stays. */
  const forgetCrawledItems = async () => {
    for (let start: Record<string, unknown> | undefined; ; ) {
      const page = await doc.send(
        new ScanCommand({
          TableName: env.TABLE_NAME,
          FilterExpression: "begins_with(pk, :p)",
          ExpressionAttributeValues: { ":p": "CRAWLED#" },
          ProjectionExpression: "pk, sk",
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const key of page.Items ?? [])
        if (key.sk === "LOCATOR")
          await doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: { pk: key.pk, sk: key.sk } }));
      start = page.LastEvaluatedKey;
      if (!start) return;
    }
  };

  const crawl = (name: string) => runCrawl(env, name, 3_600_000);

  // The task workers start cold, as Lambda functions do after a deploy: a first crawl loads the code and
  // models in each, and the measured crawls run on warm workers, as a deployed service's do.
  const warmUp = "bench-crawl-warm-up";
  await enrolPersona(world, warmUp, scenario);
  await rebuildGalleryFor(warmUp, await accounts.listSamples(warmUp), { gallery, keys, now: () => new Date() });
  const warm = await crawl(`bench-crawl-warm-up-${Date.now()}`);
  await stack.sfn.idle();
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
    });
    const last = runs.at(-1) as Record<string, unknown>;
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
  const result = {
    benchmark: "crawl",
    machine: { ...benchMachine(), loadAverage: os.loadavg().map((x) => round(x, 2)) },
    scenario: { items: scenario.items.length, plantedItems: Number(values.planted) },
    people:
      "The simulator's persona (real photos, planted on the platforms) and P - 1 people drawn from a Gaussian model of real SFace embeddings calibrated to the real impostor and genuine distances (bench/gallery-model.ts), 3 samples each, each with an account watching every platform.",
    runs,
    newcomerLookBack: lookBack,
    cpuPerItemVersusFirst: runs.map((r) => ({
      people: r.people,
      ratio: round((r.cpuSecondsPerItem as number) / first.cpuSecondsPerItem, 2),
    })),
    formula:
      "per crawled item = Σ_tasks (seconds x memoryGb x lambdaGbSecond + invocations x lambdaRequest) / items + transitions/items x standardTransition + expressRequests/items x expressRequest + expressBilledSeconds/items x 0.0625 GB x expressGbSecond + dynamoWriteRequestUnit + 0.5 x dynamoReadRequestUnit + galleryStatements/items x dataApiRequest; per protected person-month = (itemsPerDay x 30 x per crawled item + galleryAcus x 730 h x auroraAcuHour) / people",
    scale: { ...SCALE, galleryAcus: GALLERY_ACUS },
    unitPricesUsd: PRICE,
    unitPriceSources: PRICE_SOURCES,
    assumptions:
      "Lambda time is each task invocation's measured wall time on this 2-core machine (workers share the cores): an upper bound for billed duration. The gallery is priced at the production ceiling of 32 ACUs all month. The simulated platforms plant far more likeness than the web carries (about one item in eight), so the costly synthetic-media signals, which run only on matched items, weigh more here than at scale.",
  };
  console.log(JSON.stringify(result.cpuPerItemVersusFirst));
  if (values.out) writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
