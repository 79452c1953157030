import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { ReusableFindings } from "@lg/detection";
import { CachedAnalysis } from "../../table/entities.js";
import { ExpiringJsonItems } from "../../table/expiring-json-items.js";
import { type AnalysisCache, type AnalysisCacheKey, whyNotCacheable } from "../analysis-cache.js";

/** A month: media a search or the crawl met is met again within days if at all; the look-back is as long. */
export const ANALYSIS_TTL_SECONDS = 30 * 86_400;

/**
 * The analysis cache in the table (CachedAnalysis), one item per media SHA-256 and engine version.
 * Findings too large for an item (a long recording's countermeasure windows) are computed again.
 */
export class DynamoAnalysisCache implements AnalysisCache {
  private readonly items: ExpiringJsonItems<AnalysisCacheKey, ReusableFindings>;

  constructor(doc: DynamoDBDocumentClient, tableName: string, now?: () => Date) {
    this.items = new ExpiringJsonItems(doc, tableName, CachedAnalysis, {
      field: "findings",
      ttlSeconds: ANALYSIS_TTL_SECONDS,
      ...(now ? { now } : {}),
    });
  }

  get(key: AnalysisCacheKey): Promise<ReusableFindings | null> {
    return this.items.get(key);
  }

  async put(key: AnalysisCacheKey, findings: ReusableFindings): Promise<void> {
    // Shared by every account: anything biometric or personal is never written, whatever asks.
    if (whyNotCacheable(findings) !== null) return;
    await this.items.put(key, findings);
  }
}
