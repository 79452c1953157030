import path from "node:path";
import { DynamoScanRepository } from "@lg/domain/scanning/adapters/dynamo-scans";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  enrolPersona,
  loadScenario,
  scanClients,
  scoreThreats,
  startScan,
  stopScan,
  waitForScan,
} from "../support/scan-run.js";

const { env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };

describe("a scan over the simulated platforms", () => {
  let scenario: Awaited<ReturnType<typeof loadScenario>>;
  beforeAll(async () => {
    scenario = await loadScenario(env);
  });

  it("finds every planted likeness and raises no false threat", async () => {
    const userId = "scan-user-complete";
    await enrolPersona(world, userId, scenario);
    const run = await waitForScan(env, await startScan(env, userId, "scan_complete"));
    expect(run.status).toBe("SUCCEEDED");
    const score = await scoreThreats(world, userId, scenario);
    expect(score.planted).toBeGreaterThan(0);
    expect(score.found).toBe(score.planted);
    expect(score.falseThreats.map((t) => t.url)).toEqual([]);
    // Every threat has its evidence package and the API-visible hash.
    expect(score.threats.every((t) => t.evidenceData?.hash.length === 64)).toBe(true);
  }, 900_000);

  it("killed mid-way and resumed, ends with exactly the planted threats", async () => {
    const userId = "scan-user-resumed";
    await enrolPersona(world, userId, scenario);
    const { threats } = scanClients(env);
    const first = await startScan(env, userId, "scan_resumed");
    const deadline = Date.now() + 300_000;
    while ((await threats.list(userId)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    await stopScan(env, first);
    expect((await waitForScan(env, first)).status).toBe("ABORTED");

    const resumed = await waitForScan(env, await startScan(env, userId, "scan_resumed"));
    expect(resumed.status).toBe("SUCCEEDED");
    const score = await scoreThreats(world, userId, scenario);
    expect(score.found).toBe(score.planted);
    expect(score.falseThreats).toEqual([]);
    // Nothing recorded twice: one threat per media and platform hosting it.
    const hosted = score.threats.map((t) => `${t.mediaSha256}@${t.platform}`);
    expect(new Set(hosted).size).toBe(hosted.length);
  }, 900_000);

  it("run twice, records each item once: the second run finds them by key and adds no threat", async () => {
    const userId = "scan-user-twice";
    await enrolPersona(world, userId, scenario);
    const { threats, doc } = scanClients(env);
    expect((await waitForScan(env, await startScan(env, userId, "scan_twice_first"))).status).toBe("SUCCEEDED");
    const first = await threats.list(userId);
    expect(first.length).toBeGreaterThan(0);

    expect((await waitForScan(env, await startScan(env, userId, "scan_twice_second"))).status).toBe("SUCCEEDED");
    const second = await threats.list(userId);
    expect(second.map((t) => t.id).sort()).toEqual(first.map((t) => t.id).sort());
    const rerun = await new DynamoScanRepository(doc, env.TABLE_NAME ?? "").get(userId, "scan_twice_second");
    expect(rerun?.threatsFound).toBe(0);
    const score = await scoreThreats(world, userId, scenario);
    expect(score.found).toBe(score.planted);
    expect(score.falseThreats).toEqual([]);
    // Every picture's threat is findable by its near-duplicate keys.
    expect(second.filter((t) => t.perceptualHash).every((t) => t.hashBandsKeyed)).toBe(true);
  }, 900_000);
});
