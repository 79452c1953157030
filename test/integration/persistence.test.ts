import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { DecryptCommand, EncryptCommand, KMSClient } from "@aws-sdk/client-kms";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { GetScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalStack } from "../../local/src/stack.js";
import { clientConfig } from "./local-clients.js";

describe("local stack data dir", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lg-persist-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps table items, objects, keys, the user pool, schedules and the outbox across a restart", async () => {
    const first = await startLocalStack({ dataDir, port: 0, schedulerPollMs: 0 });
    const Key = { pk: { S: "USER#persist" }, sk: { S: "PROFILE" } };
    const dynamo = new DynamoDBClient(clientConfig(first.env, "AWS_ENDPOINT_URL_DYNAMODB"));
    await dynamo.send(new PutItemCommand({ TableName: first.env.TABLE_NAME, Item: { ...Key, name: { S: "Ada" } } }));
    const s3 = new S3Client(clientConfig(first.env, "AWS_ENDPOINT_URL_S3"));
    await s3.send(new PutObjectCommand({ Bucket: first.env.EVIDENCE_BUCKET, Key: "e/1.json", Body: "{}" }));
    const kms = new KMSClient(clientConfig(first.env, "AWS_ENDPOINT_URL_KMS"));
    const { CiphertextBlob } = await kms.send(
      new EncryptCommand({ KeyId: first.env.BIOMETRIC_KEY_ID, Plaintext: Buffer.from("embedding") }),
    );
    const ses = new SESv2Client(clientConfig(first.env, "AWS_ENDPOINT_URL_SESV2"));
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: first.env.MAIL_FROM,
        Destination: { ToAddresses: ["kept@example.com"] },
        Content: { Simple: { Subject: { Data: "Kept" }, Body: { Text: { Data: "still here" } } } },
      }),
    );
    for (const client of [dynamo, s3, kms, ses]) client.destroy();
    await first.stop();

    const second = await startLocalStack({ dataDir, port: 0, schedulerPollMs: 0 });
    try {
      expect(second.env.USER_POOL_ID).toBe(first.env.USER_POOL_ID);
      expect(second.env.BIOMETRIC_KEY_ID).toBe(first.env.BIOMETRIC_KEY_ID);
      const dynamo2 = new DynamoDBClient(clientConfig(second.env, "AWS_ENDPOINT_URL_DYNAMODB"));
      const { Item } = await dynamo2.send(new GetItemCommand({ TableName: second.env.TABLE_NAME, Key }));
      expect(Item?.name?.S).toBe("Ada");
      const s32 = new S3Client(clientConfig(second.env, "AWS_ENDPOINT_URL_S3"));
      const object = await s32.send(new GetObjectCommand({ Bucket: second.env.EVIDENCE_BUCKET, Key: "e/1.json" }));
      expect(await object.Body?.transformToString()).toBe("{}");
      const kms2 = new KMSClient(clientConfig(second.env, "AWS_ENDPOINT_URL_KMS"));
      const { Plaintext } = await kms2.send(new DecryptCommand({ CiphertextBlob }));
      expect(Buffer.from(Plaintext!).toString()).toBe("embedding");
      const scheduler = new SchedulerClient(clientConfig(second.env, "AWS_ENDPOINT_URL_SCHEDULER"));
      const job = await scheduler.send(new GetScheduleCommand({ Name: "likenessguard-trackTakedowns" }));
      expect(job.ScheduleExpression).toBe("rate(1 hour)");
      const { messages } = (await (await fetch(`${second.url}/outbox/api/messages`)).json()) as {
        messages: { subject?: string }[];
      };
      expect(messages.map((m) => m.subject)).toContain("Kept");
      for (const client of [dynamo2, s32, kms2, scheduler]) client.destroy();
    } finally {
      await second.stop();
    }
  });
});
