import { SESv2Client } from "@aws-sdk/client-sesv2";
import { StartExecutionCommand } from "@aws-sdk/client-sfn";
import { ChangeMessageVisibilityCommand, SQSClient } from "@aws-sdk/client-sqs";
import { SafeHttpClient } from "@lg/connectors/http/safe-http-client";
import { DynamoAccountStore } from "@lg/domain/accounts/adapters/dynamo-account-store";
import { DynamoAnalyses } from "@lg/domain/integrations/adapters/dynamo-analyses";
import { DynamoApiKeys } from "@lg/domain/integrations/adapters/dynamo-api-keys";
import { DynamoWebhooks } from "@lg/domain/integrations/adapters/dynamo-webhooks";
import { S3AnalysisUploads } from "@lg/domain/integrations/adapters/s3-analysis-uploads";
import { SqsDeliveryQueue } from "@lg/domain/integrations/adapters/sqs-delivery-queue";
import { AnalysisRequests } from "@lg/domain/integrations/analyses";
import { ApiKeyService } from "@lg/domain/integrations/api-keys";
import { ApiRateLimiter } from "@lg/domain/integrations/api-rate-limit";
import { Idempotency } from "@lg/domain/integrations/idempotency";
import { WebhookService } from "@lg/domain/integrations/webhooks";
import type { WebhookEventType } from "@lg/domain/table/integration-entities";
import { SesMailSender } from "@lg/domain/takedowns/adapters/ses-mail";
import { escapeHtml } from "@lg/notices/text/html";
import { webhookRetryDelays } from "../../queues/consumers.js";
import { auditLog, teamStore } from "../accounts/services.js";
import { awsClient, dynamo, s3, s3Presigner } from "../aws/clients.js";
import { analysisStateMachineArn, sfn } from "../aws/state-machines.js";
import { recordUnexpectedError } from "../observability.js";
import { once } from "../once.js";
import { env } from "./env.js";
import { idempotentAnswerSealer, webhookSecretSealer } from "./secret-sealers.js";

/**
 * The integrations context's composition: the public API's analyses, API keys and webhooks. It imports
 * only the accounts context (the audit log and team), so the public API's authorizer loads no
 * context above it.
 */

/**
 * Analyses asked for through the public API: where they are kept, where uploads go (the scan-work
 * bucket), and the workflow that runs them (workflows/analysis, which also imports detection).
 */
export const analysisStore = once(() => new DynamoAnalyses(dynamo, env().TABLE_NAME));

export const analysisUploads = once(() => {
  const bucket = env().SCAN_WORK_BUCKET;
  if (!bucket) throw new Error("Invalid environment: SCAN_WORK_BUCKET");
  return new S3AnalysisUploads(s3, bucket, s3Presigner, () => new Date());
});

export const analysisRequests = once(
  () =>
    new AnalysisRequests({
      store: analysisStore(),
      uploads: analysisUploads(),
      startWorkflow: async (name, input) => {
        await sfn.send(
          new StartExecutionCommand({ stateMachineArn: analysisStateMachineArn(), name, input: JSON.stringify(input) }),
        );
      },
      now: () => new Date(),
    }),
);

/**
 * API keys (docs/public-api.md): the keys themselves, their per-key rate limit and idempotent POSTs.
 */
const now = () => new Date();
const store = once(() => new DynamoApiKeys(dynamo, env().TABLE_NAME));

export const apiKeyService = once(() => new ApiKeyService({ store: store(), audit: auditLog(), now }));
export const apiRateLimiter = once(() => new ApiRateLimiter({ counter: store(), now }));
// Answers are sealed only when they carry a secret, so the sealer (and KMS) is reached only then.
export const idempotency = once(
  () =>
    new Idempotency({
      store: store(),
      now,
      answers: {
        seal: (owner, value) => idempotentAnswerSealer().seal(owner, value),
        open: (owner, value) => idempotentAnswerSealer().open(owner, value),
      },
    }),
);

/**
 * Webhooks (docs/public-api.md): endpoints, the delivery log, the SQS queue deliveries go through and
 * the SSRF-safe client that posts them.
 */
const sqs = () => awsClient(SQSClient);
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

/**
 * An email to the organisation's owner and admins when an endpoint is turned off: which, why, and
 * where to turn it back on. Its failure is logged; the endpoint is off whatever the mail does.
 */
const owners = {
  async endpointTurnedOff(accountId: string, endpoint: { id: string; url: string; reason: string }) {
    try {
      const from = env().MAIL_FROM;
      if (!from) throw new Error("Invalid environment: MAIL_FROM");
      const [profile, members] = await Promise.all([
        new DynamoAccountStore(dynamo, env().TABLE_NAME).getProfile(accountId),
        teamStore().listMembers(accountId),
      ]);
      const to = new Set(
        [profile?.email, ...members.filter((m) => m.role === "admin").map((m) => m.email)].filter(
          (address): address is string => Boolean(address),
        ),
      );
      const settings = `${env().APP_URL}/integrations`;
      const said = `Your webhook endpoint ${endpoint.url} was turned off. ${endpoint.reason}, so no more events are sent to it.`;
      const mail = {
        subject: "A LikenessGuard webhook endpoint was turned off",
        text: `${said}\n\nOnce the receiver answers with a 2xx status again, turn it back on in Integrations, where its delivery log shows each attempt and can resend it:\n${settings}`,
        html: `<p>${escapeHtml(said)}</p><p>Once the receiver answers with a 2xx status again, turn it back on in <a href="${escapeHtml(settings)}">Integrations</a>, where its delivery log shows each attempt and can resend it.</p>`,
      };
      const sender = new SesMailSender(ses(), from);
      for (const address of to) await sender.send({ ...mail, to: address });
    } catch (error) {
      recordUnexpectedError(error, { route: "webhook endpoint turned off" });
    }
  },
};
const ses = () => awsClient(SESv2Client);

export const webhookService = once(
  () =>
    new WebhookService({
      store: new DynamoWebhooks(dynamo, env().TABLE_NAME),
      queue: new SqsDeliveryQueue(sqs(), queueUrl()),
      poster: poster(),
      audit: auditLog(),
      secrets: webhookSecretSealer(),
      now: () => new Date(),
      retryDelaysSeconds: webhookRetryDelays(),
      plainHttpHosts: plainHttpHosts(),
      owners,
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
