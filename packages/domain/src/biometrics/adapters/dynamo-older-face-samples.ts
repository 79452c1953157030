import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { BiometricSample } from "../../table/entities.js";
import { CURRENT_FACE_EMBEDDING_MODEL, type OlderFaceSampleOwners } from "../embedding-models.js";
import { scanOwners } from "./scan-owners.js";

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

  userIds(): AsyncIterable<string> {
    return scanOwners(this.doc, {
      TableName: this.tableName,
      FilterExpression:
        "#entity = :sample AND modality = :face AND (attribute_not_exists(embeddingModel) OR embeddingModel <> :current)",
      ExpressionAttributeNames: { "#entity": "entity" },
      ExpressionAttributeValues: {
        ":sample": BiometricSample.name,
        ":face": "face",
        ":current": CURRENT_FACE_EMBEDDING_MODEL,
      },
    });
  }
}
