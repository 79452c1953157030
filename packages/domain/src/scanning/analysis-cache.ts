import type { ReusableFindings } from "@lg/detection";

/**
 * The analysis cache (issue 24): what detection found in a piece of media that does not depend on
 * whom it looks for (the costly synthetic-media signals and the explicit-content reading),
 * kept by the media's SHA-256, so media that several people's searches or the crawl meet is put
 * through the costly detectors once. Faces, voices and matches are made again by each analysis
 * (they are the cheap part) and never kept: bystanders' biometrics stay in the analysing
 * invocation's memory (docs/privacy.md), and the cache is shared by every account.
 */

export interface AnalysisCacheKey {
  mediaSha256: string;
  /** The detection engine that computed the findings: another one's are never reused. */
  engineVersion: string;
}

export interface AnalysisCache {
  get(key: AnalysisCacheKey): Promise<ReusableFindings | null>;
  /** Keeps them, unless they are too large or hold anything biometric (then nothing is written). */
  put(key: AnalysisCacheKey, findings: ReusableFindings): Promise<void>;
}

/**
 * Keys no kept finding may have: a face descriptor, a voice or face embedding, landmarks or a
 * match (which names a person). The engine puts none there; the check stands in case one ever does.
 */
const BIOMETRIC_KEY = /descriptor|embedding|landmark|^match$|^faces$|personid/i;

/**
 * Why these findings may not be kept (what in them is biometric or personal), or null. Typed
 * arrays are how the engine holds descriptors and embeddings; JSON would write them out as numbers.
 */
export function whyNotCacheable(findings: ReusableFindings): string | null {
  const walk = (value: unknown, at: string): string | null => {
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `${at} is a typed array`;
    if (!value || typeof value !== "object") return null;
    for (const [key, inner] of Object.entries(value)) {
      if (BIOMETRIC_KEY.test(key)) return `${at}.${key} may hold a biometric or a person`;
      const found = walk(inner, `${at}.${key}`);
      if (found) return found;
    }
    return null;
  };
  return walk(findings, "findings");
}

export interface CachedAnalysisRun<R> {
  result: R;
  findings: ReusableFindings;
  /** Costly detection steps computed by this run (0 on a full hit, or when nobody matched). */
  computedSteps: number;
  reusedSteps: number;
}

/**
 * Analyses with whatever an earlier analysis of the same bytes kept, then keeps what this one
 * computed. Nothing is written when nothing was computed: a full hit, or media whose costly
 * signals were skipped because no enrolled likeness matched (they stay uncomputed, not "absent").
 * Two analyses of the same bytes may race; both write the same findings, so a lost race costs
 * work, never correctness.
 */
export async function analyseWithCache<R>(
  cache: AnalysisCache,
  key: AnalysisCacheKey,
  analyse: (earlier: ReusableFindings | undefined) => Promise<CachedAnalysisRun<R>>,
): Promise<CachedAnalysisRun<R>> {
  const earlier = (await cache.get(key)) ?? undefined;
  const run = await analyse(earlier);
  if (run.computedSteps > 0) await cache.put(key, run.findings);
  return run;
}
