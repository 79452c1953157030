import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { ReusableFindings } from "@lg/detection";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { DynamoAnalysisCache } from "../../../packages/domain/src/scanning/adapters/dynamo-analysis-cache.js";
import {
  type AnalysisCache,
  type AnalysisCacheKey,
  analyseWithCache,
  whyNotCacheable,
} from "../../../packages/domain/src/scanning/analysis-cache.js";
import { PICTURE, sha256 } from "./scan-world.js";
import { tableItems } from "./table-items.js";

const key: AnalysisCacheKey = { mediaSha256: sha256(PICTURE), engineVersion: "0123456789abcdef" };
const findings: ReusableFindings = {
  engineVersion: key.engineVersion,
  signals: [
    {
      id: "ai-image",
      status: "absent",
      score: 0.12,
      explanation: "0.120 is below the threshold",
      evidence: { model: "clip", faceBox: { x: 1, y: 2, width: 30, height: 30 } },
    },
  ],
  intimate: { status: "absent", score: 0.01, explanation: "no explicit content", evidence: {} },
};

describe("the analysis cache in the table", () => {
  const table = mockClient(DynamoDBDocumentClient);
  afterEach(() => table.reset());
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));

  it("serves the findings for the same bytes and engine version to anyone for 30 days, naming no account", async () => {
    const items = tableItems(table);
    let now = new Date("2026-11-27T00:00:00.000Z");
    const cache = new DynamoAnalysisCache(doc, "lg-table", () => now);
    await cache.put(key, findings);
    const [item] = [...items.values()];
    expect(item).toMatchObject({
      pk: `ANALYSIS#${key.mediaSha256}`,
      sk: `ENGINE#${key.engineVersion}`,
      entity: "CachedAnalysis",
      expiresAt: Date.parse("2026-12-27T00:00:00.000Z") / 1000,
    });
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ["createdAt", "engineVersion", "entity", "expiresAt", "findings", "mediaSha256", "pk", "sk"].sort(),
    );
    expect(await cache.get(key)).toEqual(findings);
    // Another engine's readings are another item: a model change misses.
    expect(await cache.get({ ...key, engineVersion: "fedcba9876543210" })).toBeNull();
    expect(await cache.get({ ...key, mediaSha256: sha256(new Uint8Array([1])) })).toBeNull();
    now = new Date("2026-12-27T00:00:01.000Z");
    expect(await cache.get(key)).toBeNull();
  });

  it("never writes a descriptor, an embedding, landmarks or a match, however the findings carry them", async () => {
    const items = tableItems(table);
    const cache = new DynamoAnalysisCache(doc, "lg-table");
    const signal = findings.signals[0] as ReusableFindings["signals"][number];
    const carrying = (evidence: Record<string, unknown>): ReusableFindings => ({
      ...findings,
      signals: [{ ...signal, evidence: { ...signal.evidence, ...evidence } }],
    });
    const biometric = [
      carrying({ descriptor: Array.from({ length: 128 }, () => 0.1) }),
      carrying({ crops: [{ faceEmbedding: [0.1, 0.2] }] }),
      carrying({ probe: new Float32Array([0.1, 0.2]) }),
      carrying({ landmarks: [{ x: 1, y: 2 }] }),
      carrying({ match: { personId: "p1", confidence: 90 } }),
      carrying({ faces: [{ box: { x: 1 } }] }),
      { ...findings, intimate: { ...findings.intimate, evidence: { personId: "self" } } } as ReusableFindings,
    ];
    for (const found of biometric) {
      expect(whyNotCacheable(found)).not.toBeNull();
      await cache.put(key, found);
    }
    expect(items.size).toBe(0);
    expect(whyNotCacheable(findings)).toBeNull();
  });

  it("writes nothing that would not fit in an item, rather than failing the analysis", async () => {
    const items = tableItems(table);
    const cache = new DynamoAnalysisCache(doc, "lg-table");
    const signal = findings.signals[0] as ReusableFindings["signals"][number];
    // Fewer characters than the bound, but two UTF-8 bytes each: past DynamoDB's item limit.
    await cache.put(key, { ...findings, signals: [{ ...signal, explanation: "é".repeat(200_000) }] });
    expect(items.size).toBe(0);
    expect(await cache.get(key)).toBeNull();
  });
});

/** A cache in memory, counting what it was asked. */
function memoryCache() {
  const items = new Map<string, ReusableFindings>();
  const id = (k: AnalysisCacheKey) => `${k.mediaSha256}|${k.engineVersion}`;
  const cache: AnalysisCache & { puts: number } = {
    puts: 0,
    get: async (k) => items.get(id(k)) ?? null,
    put: async (k, f) => {
      cache.puts++;
      items.set(id(k), f);
    },
  };
  return cache;
}

describe("analysing with the cache", () => {
  it("computes and keeps on a miss, then hands the kept findings to the next analysis of the same bytes", async () => {
    const cache = memoryCache();
    const given: (ReusableFindings | undefined)[] = [];
    const analyse = async (earlier: ReusableFindings | undefined) => {
      given.push(earlier);
      return earlier
        ? { result: "second", findings: earlier, computedSteps: 0, reusedSteps: 2 }
        : { result: "first", findings, computedSteps: 2, reusedSteps: 0 };
    };
    expect((await analyseWithCache(cache, key, analyse)).result).toBe("first");
    expect((await analyseWithCache(cache, key, analyse)).result).toBe("second");
    expect(given).toEqual([undefined, findings]);
    // The hit computed nothing, so nothing was written again.
    expect(cache.puts).toBe(1);
  });

  it("keeps nothing when the costly signals were skipped because nobody matched", async () => {
    const cache = memoryCache();
    const skipped = { engineVersion: key.engineVersion, signals: [] };
    await analyseWithCache(cache, key, async () => ({
      result: null,
      findings: skipped,
      computedSteps: 0,
      reusedSteps: 0,
    }));
    expect(cache.puts).toBe(0);
    expect(await cache.get(key)).toBeNull();
  });
});
