/**
 * Rewrites every stored takedown notice once, after deploying the takedown centre: each gets the
 * list index (gsi1) the centre pages through, and a case that stopped at its deadline resumes its
 * re-checks. Idempotent:
 *   TABLE_NAME=<table> npx tsx scripts/migrate-takedown-notices.ts
 * Locally, point AWS_ENDPOINT_URL_DYNAMODB at the local stack's DynamoDB (see GET /api/health).
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoNoticeRepository, DynamoStoredNotices } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { migrateTakedownNotices } from "@lg/domain/takedowns/notice-migration";

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error("Set TABLE_NAME to the table holding the notices.");
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
const run = await migrateTakedownNotices(
  new DynamoStoredNotices(doc, tableName),
  new DynamoNoticeRepository(doc, tableName),
  () => new Date(),
);
console.log(
  `Notices examined: ${run.examined}, rewritten: ${run.rewritten}, changed meanwhile (run again): ${run.skipped}`,
);
