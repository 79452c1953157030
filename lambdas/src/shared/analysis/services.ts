import { MetricUnit } from "@aws-lambda-powertools/metrics";
import { type AnalyseOptions, analyseMedia, analyseMediaWithFindings, engineVersion } from "@lg/detection";
import type { DetectionResult } from "@lg/detection/result";
import { DynamoAnalysisCache } from "@lg/domain/scanning/adapters/dynamo-analysis-cache";
import { type AnalysisCache, analyseWithCache } from "@lg/domain/scanning/analysis-cache";
import { sha256Hex } from "@lg/domain/scanning/evidence";
import { dynamo } from "../aws/clients.js";
import { metrics } from "../observability.js";
import { once } from "../once.js";
import { env } from "./env.js";

/** The analysis cache as the analysers use it: where it is kept, and how each use is counted. */
export interface AnalysisCaching {
  cache: AnalysisCache;
  onUse?: (use: { computedSteps: number; reusedSteps: number }) => void;
}

/**
 * Analyses media through the analysis cache (scanning/analysis-cache.ts) when there is one: the
 * costly person-independent readings an earlier analysis of the same bytes kept are reused, and
 * what this one computes is kept. Faces, voices and matches are made here and kept nowhere.
 */
export async function analyseThroughCache(
  caching: AnalysisCaching | undefined,
  bytes: Uint8Array,
  mediaSha256: string | undefined,
  options: AnalyseOptions,
): Promise<DetectionResult> {
  if (!caching) return analyseMedia(bytes, options);
  const key = { mediaSha256: mediaSha256 ?? sha256Hex(bytes), engineVersion: engineVersion() };
  const run = await analyseWithCache(caching.cache, key, (reuse) =>
    analyseMediaWithFindings(bytes, reuse ? { ...options, reuse } : options),
  );
  // The counts alone: the result holds faces' descriptors, which go nowhere but back to the caller.
  caching.onUse?.({ computedSteps: run.computedSteps, reusedSteps: run.reusedSteps });
  return run.result;
}

/**
 * The table's analysis cache, shared by the scan's and the crawl's analysis. Each analysis that
 * needed the costly signals counts as a hit (all reused) or a miss (some computed), so how much the
 * cache saves shows in CloudWatch (LikenessGuard/AnalysisCacheHits, AnalysisCacheMisses).
 */
export const analysisCaching = once(
  (): AnalysisCaching => ({
    cache: new DynamoAnalysisCache(dynamo, env().TABLE_NAME),
    onUse: ({ computedSteps, reusedSteps }) => {
      if (computedSteps > 0) metrics.addMetric("AnalysisCacheMisses", MetricUnit.Count, 1);
      else if (reusedSteps > 0) metrics.addMetric("AnalysisCacheHits", MetricUnit.Count, 1);
    },
  }),
);
