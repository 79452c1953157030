import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { MediaFinding } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { FindingCache, FindingKey, LikenessFinding } from "../scan-ports.js";

/** A scan lasts minutes to hours; a day later its findings only take space. */
export const FINDING_TTL_SECONDS = 24 * 3600;
/**
 * DynamoDB items stop at 400 KB of UTF-8; a larger finding (a long video's faces) is not shared,
 * only analysed again. Counted in bytes: text from the media (C2PA labels, say) may be non-ASCII.
 */
const MAX_FINDING_BYTES = 350_000;

const keyOf = (key: FindingKey) => {
  const item = { ...key, finding: "", createdAt: "", expiresAt: 0 };
  return { pk: MediaFinding.primary.pk(item), sk: MediaFinding.primary.sk(item) };
};

/** The scan's shared findings in the table, one item per (user, scan, content hash). */
export class DynamoFindingCache implements FindingCache {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(key: FindingKey): Promise<LikenessFinding | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keyOf(key),
      }),
    );
    if (!out.Item) return null;
    const stored = fromItem(MediaFinding, out.Item);
    // The TTL sweep runs late (and never locally): an expired finding is a miss.
    if (stored.expiresAt * 1000 <= this.now().getTime()) return null;
    return JSON.parse(stored.finding) as LikenessFinding;
  }

  async put(key: FindingKey, finding: LikenessFinding): Promise<void> {
    const json = JSON.stringify(finding);
    if (Buffer.byteLength(json, "utf8") > MAX_FINDING_BYTES) return;
    const now = this.now();
    const item = toItem(MediaFinding, {
      ...key,
      finding: json,
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + FINDING_TTL_SECONDS,
    });
    // Unconditional: racing workers write the same finding for the same bytes.
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }
}
