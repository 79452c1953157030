import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { scanOwners } from "../../biometrics/adapters/scan-owners.js";
import { BiometricSample } from "../../table/entities.js";
import type { SampleOwners } from "../gallery-backfill.js";

/**
 * Every account with a biometric sample, by a paged scan of the whole table: the gallery's backfill
 * runs after deploys, and no request path reads samples across accounts, so no index exists for it.
 */
export class DynamoSampleOwners implements SampleOwners {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  userIds(): AsyncIterable<string> {
    return scanOwners(this.doc, {
      TableName: this.tableName,
      FilterExpression: "#entity = :sample",
      ExpressionAttributeNames: { "#entity": "entity" },
      ExpressionAttributeValues: { ":sample": BiometricSample.name },
    });
  }
}
