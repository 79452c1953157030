import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { fromItem, toItem } from "../../table/entity.js";
import { API_ANALYSIS_PARTITION_PREFIX, ApiAnalysis } from "../../table/integration-entities.js";
import type { AnalysisStore, ApiAnalysisRecord } from "../analyses.js";

/** Analyses asked for through the API, in a partition per account (another account's id is simply absent). */
export class DynamoAnalyses implements AnalysisStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(analysis: ApiAnalysisRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(ApiAnalysis, analysis) }));
  }

  async get(accountId: string, analysisId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: `${API_ANALYSIS_PARTITION_PREFIX}${accountId}`, sk: analysisId },
        ConsistentRead: true,
      }),
    );
    return out.Item ? fromItem(ApiAnalysis, out.Item) : null;
  }
}
