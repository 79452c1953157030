import { readFileSync } from "node:fs";
import path from "node:path";
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from "@aws-sdk/client-kms";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { PublishCommand, SNSClient } from "@aws-sdk/client-sns";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { PLATFORMS } from "@lg/domain/tiers";
import { describe, expect, inject, it } from "vitest";
import type { OutboxMessage } from "../../local/src/outbox/outbox.js";
import { clientConfig, eventually } from "./local-clients.js";

const stack = inject("localStack");
const repoRoot = path.resolve(import.meta.dirname, "../..");
const outbox = async (): Promise<OutboxMessage[]> =>
  ((await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as { messages: OutboxMessage[] }).messages;

describe("local stack", () => {
  it("reports every service up on GET /api/health, through the HTTP adapter and the system handler", async () => {
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    const report = (await res.json()) as { status: string; services: { name: string; ok: boolean; error?: string }[] };
    expect(report.services.filter((s) => !s.ok)).toEqual([]);
    expect(report.status).toBe("ok");
    expect(report.services.map((s) => s.name).sort()).toEqual([
      "cognito",
      "dynamodb",
      "gallery",
      "kms",
      "s3-biometric",
      "s3-evidence",
      "scheduler",
      "secrets-manager",
      "ses",
      "sns",
      "sqs-webhooks",
      "sqs-webhooks-dead-letters",
      "stepfunctions-crawl",
      "stepfunctions-scan",
      "stepfunctions-takedown",
    ]);
  });

  it("publishes the measured figures of the public pages: the committed detection benchmark and the platforms with connectors", async () => {
    const res = await fetch(`${stack.url}/api/system/metrics`);
    expect(res.status).toBe(200);
    const metrics = (await res.json()) as { detection?: Record<string, unknown>; platformsMonitored: number };
    const report = JSON.parse(readFileSync(path.join(repoRoot, "docs/benchmarks/detection.json"), "utf8"));
    expect(metrics.detection?.faceTarAtFar1e3).toBe(report.face.tarAtFar1e3);
    // A timing is served only with the machine it was measured on.
    expect(metrics.detection?.imageP50Ms).toBe(report.machine ? report.latency.imageP50Ms : undefined);
    expect(metrics.platformsMonitored).toBe(PLATFORMS.length);
    // Usage is counted from the table, through the same scan the function is allowed in AWS.
    const usage = (metrics as { usage?: Record<string, { count: number }> }).usage;
    for (const figure of ["peopleProtected", "threatsFound", "noticesSent", "contentRemoved"])
      expect(usage?.[figure]?.count, figure).toEqual(expect.any(Number));
  });

  it("serves the runtime config the web app reads, with the local user pool and no API address of its own", async () => {
    const config = (await (await fetch(`${stack.url}/config.json`)).json()) as Record<string, string>;
    expect(config.apiUrl).toBeUndefined();
    expect(config).toMatchObject({
      stage: "local",
      userPoolId: stack.env.USER_POOL_ID,
      clientId: stack.env.USER_POOL_CLIENT_ID,
    });
  });

  it("answers unknown API routes 404, wrong methods 405 and bodies over 10 MB 413, as API Gateway does", async () => {
    expect((await fetch(`${stack.url}/api/nope`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/health`, { method: "DELETE" })).status).toBe(405);
    const big = await fetch(`${stack.url}/api/upload/face`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(10 * 1024 * 1024 + 1),
    }).catch(() => undefined);
    // The server may close the socket while the client still uploads; either way nothing got through.
    if (big) expect(big.status).toBe(413);
  });

  it("accepts a browser PUT to a presigned S3 URL from the app origin", async () => {
    const s3 = new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3"));
    const Bucket = stack.env.BIOMETRIC_BUCKET!;
    const url = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket, Key: "presigned/test.txt", ContentType: "text/plain" }),
      {
        expiresIn: 60,
      },
    );
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin: stack.url,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type",
      },
    });
    expect([stack.url, "*"]).toContain(preflight.headers.get("access-control-allow-origin"));
    const put = await fetch(url, {
      method: "PUT",
      headers: { "content-type": "text/plain", origin: stack.url },
      body: "hello",
    });
    expect(put.status).toBe(200);
    const got = await s3.send(new GetObjectCommand({ Bucket, Key: "presigned/test.txt" }));
    expect(await got.Body?.transformToString()).toBe("hello");
    s3.destroy();
  });

  it("runs an ASL file end to end with its Task state bound to a handler module", async () => {
    const sfn = new SFNClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_SFN"));
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: stack.greetingStateMachineArn,
        name: `greet-${Date.now()}`,
        input: JSON.stringify({ name: "Ada" }),
      }),
    );
    const done = await eventually(async () => {
      const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      return execution.status === "RUNNING" ? undefined : execution;
    });
    expect(done.status).toBe("SUCCEEDED");
    expect(JSON.parse(done.output ?? "null")).toEqual({
      greeting: "Hello, Ada",
      executionName: executionArn!.split(":").pop(),
    });
    sfn.destroy();
  });

  it("delivers SES emails (simple and raw) and SNS text messages to the outbox", async () => {
    const ses = new SESv2Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_SESV2"));
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: stack.env.MAIL_FROM,
        Destination: { ToAddresses: ["simple@example.com"] },
        Content: {
          Simple: {
            Subject: { Data: "Threat found" },
            Body: { Html: { Data: "<p>Look</p>" }, Text: { Data: "Look" } },
          },
        },
      }),
    );
    const raw = [
      "From: notices@likenessguard.local",
      "To: agent@platform.example",
      "Subject: DMCA notice",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Please remove the content.",
      "--b",
      'Content-Type: application/json; name="evidence.json"',
      'Content-Disposition: attachment; filename="evidence.json"',
      "",
      '{"sha256":"abc"}',
      "--b--",
    ].join("\r\n");
    await ses.send(new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(raw) } } }));
    const sns = new SNSClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_SNS"));
    await sns.send(new PublishCommand({ PhoneNumber: "+15550100123", Message: "LikenessGuard: new threat found" }));

    const messages = await outbox();
    expect(messages.find((m) => m.to.includes("simple@example.com"))).toMatchObject({
      channel: "email",
      subject: "Threat found",
      html: "<p>Look</p>",
      text: "Look",
    });
    expect(messages.find((m) => m.subject === "DMCA notice")).toMatchObject({
      to: ["agent@platform.example"],
      attachments: [{ filename: "evidence.json", contentType: "application/json" }],
    });
    expect(messages.find((m) => m.channel === "sms")).toMatchObject({
      to: ["+15550100123"],
      text: "LikenessGuard: new threat found",
    });
    const page = await (await fetch(`${stack.url}/outbox`)).text();
    expect(page).toContain("DMCA notice");
    ses.destroy();
    sns.destroy();
  });

  it("round-trips a KMS data key and refuses a different encryption context", async () => {
    const kms = new KMSClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_KMS"));
    const context = { userId: "u1" };
    const key = await kms.send(
      new GenerateDataKeyCommand({ KeyId: stack.env.BIOMETRIC_KEY_ID, KeySpec: "AES_256", EncryptionContext: context }),
    );
    expect(key.Plaintext).toHaveLength(32);
    const decrypted = await kms.send(
      new DecryptCommand({ CiphertextBlob: key.CiphertextBlob, EncryptionContext: context }),
    );
    expect(Buffer.from(decrypted.Plaintext!).equals(Buffer.from(key.Plaintext!))).toBe(true);
    await expect(
      kms.send(new DecryptCommand({ CiphertextBlob: key.CiphertextBlob, EncryptionContext: { userId: "u2" } })),
    ).rejects.toThrow(/InvalidCiphertext|encryption context/i);
    kms.destroy();
  });
});
