import type { ReusableFindings } from "@lg/detection";
import { Gallery } from "@lg/domain/gallery/gallery";
import type { AnalysisCache } from "@lg/domain/scanning/analysis-cache";
import type { MediaAnalysis } from "@lg/domain/scanning/scan-ports";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DetectionLikenessAnalyser } from "../../../lambdas/src/shared/analysis/likeness-analyser.js";
import type { AnalysisCaching } from "../../../lambdas/src/shared/analysis/services.js";
import { GalleryCrawlAnalyser } from "../../../lambdas/src/shared/crawl/crawl-analyser.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import { dataFile } from "../detection/data-dir.js";

/** The table's cache as a map, with every use the analysers report. */
function sharedCache() {
  const items = new Map<string, string>();
  const uses: { computedSteps: number; reusedSteps: number }[] = [];
  const cache: AnalysisCache = {
    get: async (k) => {
      const json = items.get(`${k.mediaSha256}|${k.engineVersion}`);
      return json ? (JSON.parse(json) as ReusableFindings) : null;
    },
    put: async (k, f) => {
      items.set(`${k.mediaSha256}|${k.engineVersion}`, JSON.stringify(f));
    },
  };
  const caching: AnalysisCaching = { cache, onUse: (use) => uses.push(use) };
  return { caching, items, uses };
}

/** An analysis as evidence keeps it, but for how long each step took. */
const withoutTimings = (analysis: MediaAnalysis) => ({
  ...analysis,
  result: { ...(analysis.result as Record<string, unknown>), timingsMs: undefined },
});

const photo = () => ({
  url: "https://x.test/p/1",
  contentType: "image/jpeg",
  bytes: dataFile("faces/deepface/img2.jpg"),
});
let ada: Float32Array;
let sql: PgliteSql;
let gallery: Gallery;

beforeAll(async () => {
  const [face] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
  if (!face) throw new Error("no face in the enrolment photo");
  ada = face.descriptor;
  const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };
  sql = await PgliteSql.open();
  gallery = new Gallery(sql, { now: () => new Date("2026-11-27T09:00:00.000Z"), models, sizeTtlMs: 0 });
  await gallery.ensureSchema();
  await gallery.put({
    userId: "ada-account",
    personId: "self",
    sampleId: "ada-1",
    modality: "face",
    model: models.face,
    embedding: ada,
    verified: true,
    searched: true,
    source: "live-capture",
    consentVersion: "2026-11-biometric-v1",
    enrolledAt: "2026-11-01T00:00:00.000Z",
  });
}, 120_000);
afterAll(() => sql.close());

// Real photos and models: the second person's scan and the crawl must get from the cache what the
// first scan computed, and conclude exactly what they conclude without it.
describe("media several people's scans and the crawl meet", () => {
  it("is put through the costly detectors once, and each scan's analysis is the one it makes alone", {
    timeout: 300_000,
  }, async () => {
    const { caching, items, uses } = sharedCache();
    const scanOf = (displayName: string) => [{ personId: "self", displayName, face: [ada], voice: [] }];
    const first = await new DetectionLikenessAnalyser(caching).analyse(photo(), scanOf("Ada"));
    expect(first.face?.confidence).toBeGreaterThanOrEqual(50);
    expect(uses).toEqual([expect.objectContaining({ reusedSteps: 0 })]);
    expect(uses[0]?.computedSteps).toBeGreaterThan(0);
    expect(items.size).toBe(1);
    const kept = [...items.values()][0] ?? "";
    // What is kept names nobody and holds no face: it is the same for whoever meets the photo.
    expect(kept).not.toMatch(/descriptor|landmark|personId|Ada/);

    const second = await new DetectionLikenessAnalyser(caching).analyse(photo(), scanOf("Ada (CEO)"));
    expect(uses[1]).toEqual({ computedSteps: 0, reusedSteps: uses[0]?.computedSteps });
    const alone = await new DetectionLikenessAnalyser().analyse(photo(), scanOf("Ada (CEO)"));
    expect(withoutTimings(second)).toEqual(withoutTimings(alone));
    // The costly readings are there, taken from the first scan's analysis rather than left out.
    expect(typeof second.syntheticSignals.find((s) => s.id === "ai-image")?.score).toBe("number");
    expect(second.intimate?.status).toMatch(/present|absent/);
  });

  it("met by the crawl after a scan analysed it, costs the crawl matching alone", { timeout: 300_000 }, async () => {
    const { caching, uses } = sharedCache();
    const protections = async (owner: string) => [{ userId: owner, personId: "self", displayName: owner }];
    await new DetectionLikenessAnalyser(caching).analyse(photo(), [
      { personId: "self", displayName: "Ada", face: [ada], voice: [] },
    ]);
    const crawled = await new GalleryCrawlAnalyser(gallery, protections, caching).analyse(photo());
    expect(uses[1]).toEqual({ computedSteps: 0, reusedSteps: uses[0]?.computedSteps });
    const alone = await new GalleryCrawlAnalyser(gallery, protections).analyse(photo());
    expect(crawled.analyses.map((c) => c.userId)).toEqual(["ada-account"]);
    expect(crawled.analyses.map((c) => withoutTimings(c.analysis))).toEqual(
      alone.analyses.map((c) => withoutTimings(c.analysis)),
    );
  });
});
