import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient, paginateScan } from "@aws-sdk/lib-dynamodb";
import { BiometricSample } from "@lg/domain/table/entities/biometric-sample";
import { afterAll, inject } from "vitest";
import { clientConfig } from "./local-clients.js";
import { emptyLocalGallery } from "./local-gallery.js";

/**
 * Each integration file starts with no enrolled likeness, whatever order the files run in. The files
 * share one stack and mostly the same public photos: a face one file verified would be "already
 * held by another account" in the next file's live checks (CI run 44 failed so), and the after-deploy
 * backfill would put it back in an emptied gallery from its stored samples, so both go.
 */
afterAll(async () => {
  const { env } = inject("localStack");
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")));
  const pages = paginateScan(
    { client: doc },
    {
      TableName: env.TABLE_NAME,
      FilterExpression: "#entity = :entity",
      ExpressionAttributeNames: { "#entity": "entity" },
      ExpressionAttributeValues: { ":entity": BiometricSample.name },
      ProjectionExpression: "pk, sk",
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) await doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: item }));
  }
  await emptyLocalGallery(env);
});
