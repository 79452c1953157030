import { type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { BiometricSample } from "../../table/entities.js";
import { CURRENT_FACE_EMBEDDING_MODEL, type OlderFaceSampleOwners } from "../embedding-models.js";

/**
 * A paged scan for face samples not of the current model (no model recorded = the legacy one).
 * A full scan is what a one-off migration after a model upgrade needs: no request path reads
 * samples across users, so no index exists for it. Each owner is yielded once.
 */
export class DynamoOlderFaceSampleOwners implements OlderFaceSampleOwners {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async *userIds(): AsyncIterable<string> {
    const seen = new Set<string>();
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression:
            "#entity = :sample AND modality = :face AND (attribute_not_exists(embeddingModel) OR embeddingModel <> :current)",
          ExpressionAttributeNames: { "#entity": "entity", "#userId": "userId" },
          ExpressionAttributeValues: {
            ":sample": BiometricSample.name,
            ":face": "face",
            ":current": CURRENT_FACE_EMBEDDING_MODEL,
          },
          ProjectionExpression: "#userId",
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const userId = item.userId as string | undefined;
        if (userId && !seen.has(userId)) {
          seen.add(userId);
          yield userId;
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}
