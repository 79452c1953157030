/**
 * Two people's scans meet the same media (issue 24): the second person's scan takes the costly,
 * person-independent readings the first one kept (CachedAnalysis) instead of computing them again,
 * and both find every planted likeness with the same verdicts. Run on the local stack as production
 * runs it: the scan state machine, its Analyse tasks in worker processes, the table.
 */
import path from "node:path";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { engineVersion } from "@lg/detection";
import { CachedAnalysis } from "@lg/domain/table/entities";
import { describe, expect, inject, it } from "vitest";
import {
  enrolPersona,
  loadScenario,
  plantedMedia,
  scanClients,
  scoreThreats,
  startScan,
  waitForScan,
} from "../support/scan-run.js";

const { env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };

/** When the cache's item for these bytes was written, or undefined when there is none. */
async function cachedAt(mediaSha256: string): Promise<string | undefined> {
  const key = { mediaSha256, engineVersion: engineVersion(), findings: "", createdAt: "", expiresAt: 0 };
  const out = await scanClients(env).doc.send(
    new GetCommand({
      TableName: env.TABLE_NAME,
      Key: { pk: CachedAnalysis.primary.pk(key), sk: CachedAnalysis.primary.sk(key) },
    }),
  );
  return out.Item ? String(out.Item.createdAt) : undefined;
}

/** What each person's threats concluded, by the media they rest on. */
async function verdicts(userId: string) {
  const threats = await scanClients(env).threats.list(userId);
  return threats
    .map((t) => ({
      media: t.mediaSha256,
      platform: t.platform,
      threatType: t.threatType,
      syntheticVerdict: t.syntheticVerdict,
      severity: t.severity,
      classification: t.classification,
    }))
    .sort((a, b) => `${a.media}${a.platform}`.localeCompare(`${b.media}${b.platform}`));
}

describe("media two people's scans meet", () => {
  it("is put through the costly detectors by the first scan only, and both find every planted likeness with the same verdicts", async () => {
    const scenario = await loadScenario(env);
    const { planted } = await plantedMedia(world, scenario);
    const [first, second] = ["shared-analysis-first", "shared-analysis-second"];
    await enrolPersona(world, first, scenario);
    await enrolPersona(world, second, scenario);

    expect((await waitForScan(env, await startScan(env, first, "shared_first"))).status).toBe("SUCCEEDED");
    const firstScore = await scoreThreats(world, first, scenario);
    expect(firstScore.found).toBe(firstScore.planted);
    expect(firstScore.falseThreats.map((t) => t.url)).toEqual([]);
    // The planted media matched, so their costly readings were computed and kept by content hash.
    const kept = new Map<string, string>();
    for (const hash of planted.keys()) {
      const at = await cachedAt(hash);
      if (at) kept.set(hash, at);
    }
    expect(kept.size).toBeGreaterThan(0);

    expect((await waitForScan(env, await startScan(env, second, "shared_second"))).status).toBe("SUCCEEDED");
    const secondScore = await scoreThreats(world, second, scenario);
    expect(secondScore.found).toBe(secondScore.planted);
    expect(secondScore.falseThreats.map((t) => t.url)).toEqual([]);
    // Served from the cache: an analysis that computed any costly reading would have written its item again.
    for (const [hash, at] of kept) expect(await cachedAt(hash), hash).toBe(at);
    // The same media, the same conclusions: the second person's verdicts are the first's.
    const theirs = await verdicts(second);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs).toEqual(await verdicts(first));
    expect(theirs.some((t) => t.syntheticVerdict !== undefined && t.syntheticVerdict !== "unknown")).toBe(true);
  }, 1_500_000);
});
