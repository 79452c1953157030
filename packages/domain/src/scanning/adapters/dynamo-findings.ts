import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { MediaFinding } from "../../table/entities.js";
import { ExpiringJsonItems } from "../../table/expiring-json-items.js";
import type { FindingCache, FindingKey, LikenessFinding } from "../scan-ports.js";

/** A scan lasts minutes to hours; a day later its findings only take space. */
export const FINDING_TTL_SECONDS = 24 * 3600;

/**
 * The scan's shared findings in the table, one item per (user, scan, content hash). A finding too
 * large for an item (a long video's faces) is not shared, only analysed again.
 */
export class DynamoFindingCache implements FindingCache {
  private readonly items: ExpiringJsonItems<FindingKey, LikenessFinding>;

  constructor(doc: DynamoDBDocumentClient, tableName: string, now?: () => Date) {
    this.items = new ExpiringJsonItems(doc, tableName, MediaFinding, {
      field: "finding",
      ttlSeconds: FINDING_TTL_SECONDS,
      ...(now ? { now } : {}),
    });
  }

  get(key: FindingKey): Promise<LikenessFinding | null> {
    return this.items.get(key);
  }

  async put(key: FindingKey, finding: LikenessFinding): Promise<void> {
    await this.items.put(key, finding);
  }
}
