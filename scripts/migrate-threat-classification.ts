/**
 * Re-derives every stored threat's type, title, severity and classification from its own stored
 * detection data (issue 14). Idempotent; run once after deploying evidence-based classification:
 *   TABLE_NAME=<table> npx tsx scripts/migrate-threat-classification.ts
 * Locally, point AWS_ENDPOINT_URL_DYNAMODB at the local stack's DynamoDB (see GET /api/health).
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoStoredThreats } from "@lg/domain/threats/adapters/dynamo-threat-migration";
import { migrateThreatClassification } from "@lg/domain/threats/threat-migration";

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error("Set TABLE_NAME to the table holding the threats.");
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
const run = await migrateThreatClassification(new DynamoStoredThreats(doc, tableName), () => new Date().toISOString());
console.log(
  `Threats examined: ${run.examined}, migrated: ${run.migrated}, changed meanwhile (run again): ${run.skipped}`,
);
