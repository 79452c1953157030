import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { ReusableFindings } from "@lg/detection";
import { CachedAnalysis } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { type AnalysisCache, type AnalysisCacheKey, whyNotCacheable } from "../analysis-cache.js";

/** A month: media a search or the crawl met is met again within days if at all; the look-back is as long. */
export const ANALYSIS_TTL_SECONDS = 30 * 86_400;
/**
 * DynamoDB items stop at 400 KB of UTF-8; larger findings (a long recording's countermeasure
 * windows) are not kept, only computed again. Counted in bytes: explanations may quote non-ASCII.
 */
export const MAX_ANALYSIS_BYTES = 350_000;

const keyOf = (key: AnalysisCacheKey) => {
  const item = { ...key, findings: "", createdAt: "", expiresAt: 0 };
  return { pk: CachedAnalysis.primary.pk(item), sk: CachedAnalysis.primary.sk(item) };
};

/** The analysis cache in the table (CachedAnalysis), one item per media SHA-256 and engine version. */
export class DynamoAnalysisCache implements AnalysisCache {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(key: AnalysisCacheKey): Promise<ReusableFindings | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keyOf(key) }));
    if (!out.Item) return null;
    const stored = fromItem(CachedAnalysis, out.Item);
    // The TTL sweep runs late (and never locally): an expired item is a miss.
    if (stored.expiresAt * 1000 <= this.now().getTime()) return null;
    return JSON.parse(stored.findings) as ReusableFindings;
  }

  async put(key: AnalysisCacheKey, findings: ReusableFindings): Promise<void> {
    // Shared by every account: anything biometric or personal is never written, whatever asks.
    if (whyNotCacheable(findings) !== null) return;
    const json = JSON.stringify(findings);
    if (Buffer.byteLength(json, "utf8") > MAX_ANALYSIS_BYTES) return;
    const now = this.now();
    const item = toItem(CachedAnalysis, {
      ...key,
      findings: json,
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + ANALYSIS_TTL_SECONDS,
    });
    // Unconditional: racing analyses write the same findings for the same bytes and engine.
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }
}
