import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { BillingAccount, toItem } from "@lg/domain/table/index";

/** The local stack's settings a client of its table needs, as the stack (or the tests' setup) publishes them. */
type StackEnv = Partial<
  Record<"AWS_ENDPOINT_URL_DYNAMODB" | "AWS_REGION" | "AWS_ACCESS_KEY_ID" | "AWS_SECRET_ACCESS_KEY", string>
>;

/** A document client of the local stack's table, for benches and tests that seed it directly. */
export const localTable = (env: StackEnv) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? "", secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? "" },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );

/** An active Enterprise subscription for the account, as billing's signed webhook would store it. */
export const storeEnterprise = (doc: DynamoDBDocumentClient, tableName: string, userId: string) =>
  doc.send(
    new PutCommand({
      TableName: tableName,
      Item: toItem(BillingAccount, {
        userId,
        tier: "enterprise",
        status: "active",
        cancelAtPeriodEnd: false,
        trialUsed: false,
        updatedAt: new Date().toISOString(),
      }),
    }),
  );
