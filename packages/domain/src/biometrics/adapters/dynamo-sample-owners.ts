import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { BiometricSample } from "../../table/entities.js";
import { CURRENT_FACE_EMBEDDING_MODEL } from "../embedding-models.js";
import { scanOwners } from "./scan-owners.js";

/** Which samples count: a filter condition over a sample's attributes, with the values it names. */
export interface SampleCondition {
  expression: string;
  values: Record<string, unknown>;
}

/**
 * The owners of biometric samples, each once, by a paged scan of the whole table: what a migration
 * after a deploy visits (the gallery's backfill, face re-enrolment). No request path reads samples
 * across accounts, so no index exists for it. `only` narrows which samples count; without it, all.
 */
export class DynamoSampleOwners {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly only?: SampleCondition,
  ) {}

  userIds(): AsyncIterable<string> {
    return scanOwners(this.doc, {
      TableName: this.tableName,
      FilterExpression: this.only ? `#entity = :sample AND (${this.only.expression})` : "#entity = :sample",
      ExpressionAttributeNames: { "#entity": "entity" },
      ExpressionAttributeValues: { ":sample": BiometricSample.name, ...this.only?.values },
    });
  }
}

/** Owners of a face sample not of the current model (no model recorded = the legacy one): whom re-enrolment visits. */
export const olderFaceSampleOwners = (doc: DynamoDBDocumentClient, tableName: string) =>
  new DynamoSampleOwners(doc, tableName, {
    expression: "modality = :face AND (attribute_not_exists(embeddingModel) OR embeddingModel <> :current)",
    values: { ":face": "face", ":current": CURRENT_FACE_EMBEDDING_MODEL },
  });
