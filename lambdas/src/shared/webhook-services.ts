import { ChangeMessageVisibilityCommand, SQSClient } from "@aws-sdk/client-sqs";
import { SafeHttpClient } from "@lg/connectors/http/safe-http-client";
import { DynamoWebhooks } from "@lg/domain/integrations/adapters/dynamo-webhooks";
import { SqsDeliveryQueue } from "@lg/domain/integrations/adapters/sqs-delivery-queue";
import { WebhookService } from "@lg/domain/integrations/webhooks";
import type { WebhookEventType } from "@lg/domain/table/integration-entities";
import { webhookRetryDelays } from "../queues/consumers.js";
import { dynamo } from "./clients.js";
import { env } from "./env.js";
import { recordUnexpectedError } from "./observability.js";
import { once } from "./once.js";
import { auditLog } from "./team-services.js";

/**
 * Webhooks (docs/public-api.md): endpoints, the delivery log, the SQS queue deliveries go through and
 * the SSRF-safe client that posts them. Imports only the team context (the audit log).
 */
const sqs = once(() => new SQSClient({}));
const queueUrl = () => {
  const url = env().WEBHOOK_QUEUE_URL;
  if (!url) throw new Error("Invalid environment: WEBHOOK_QUEUE_URL");
  return url;
};
const plainHttpHosts = () => (env().WEBHOOK_PLAIN_HTTP_HOSTS ?? "").split(",").filter(Boolean);

/** No redirects at all (a receiver that redirects is answered as failed), public addresses only, 10 s. */
const poster = once(() => {
  const client = new SafeHttpClient({
    allowedHosts: plainHttpHosts(),
    maxRedirects: 0,
    timeoutMs: 10_000,
    maxBytes: 64 * 1024,
    backoff: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
    userAgent: "LikenessGuard-Webhooks/1",
  });
  return {
    post: async (url: string, headers: Record<string, string>, body: string) => ({
      status: (await client.request(url, { method: "POST", headers, body })).status,
    }),
  };
});

export const webhookService = once(
  () =>
    new WebhookService({
      store: new DynamoWebhooks(dynamo, env().TABLE_NAME),
      queue: new SqsDeliveryQueue(sqs(), queueUrl()),
      poster: poster(),
      audit: auditLog(),
      now: () => new Date(),
      retryDelaysSeconds: webhookRetryDelays(),
      plainHttpHosts: plainHttpHosts(),
    }),
);

/** Hides a message until its next attempt (the retry's back-off is the message's visibility timeout). */
export const retryAfter = (receiptHandle: string, seconds: number) =>
  sqs().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl(),
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );

/**
 * Publishes an event to the account's endpoints. An event a product action caused must never undo
 * or fail that action (a notice is sent whatever its webhook does): a failure here is logged.
 */
export async function publishEvent(accountId: string, type: WebhookEventType, data: Record<string, unknown>) {
  try {
    await webhookService().publish(accountId, type, data);
  } catch (error) {
    recordUnexpectedError(error, { route: `webhook ${type}` });
  }
}
