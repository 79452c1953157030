import { DEFAULT_RETRY_DELAYS_SECONDS } from "@lg/domain/integrations/webhooks";

/**
 * Queues and the functions that consume them (Lambda event source mappings in AWS, the local stack's
 * event source locally): CDK and the local stack both read this table.
 */
export const WEBHOOK_QUEUES = {
  deliveries: "likenessguard-webhooks",
  deadLetters: "likenessguard-webhooks-dead-letters",
} as const;

export const QUEUE_CONSUMERS = {
  deliverWebhooks: {
    entry: "lambdas/src/queues/deliver-webhooks.ts",
    queue: WEBHOOK_QUEUES.deliveries,
    batchSize: 10,
    /** Each delivery waits at most 10 s for its receiver; ten of them run at once. */
    timeoutSeconds: 30,
  },
} as const;

/**
 * The retry schedule (seconds before each retry): WEBHOOK_RETRY_DELAYS ("30,120,...") or the default
 * of about a day. The queue's redrive policy allows exactly one receive per attempt.
 */
export function webhookRetryDelays(value = process.env.WEBHOOK_RETRY_DELAYS): number[] {
  if (!value) return [...DEFAULT_RETRY_DELAYS_SECONDS];
  const delays = value.split(",").map((v) => Number(v.trim()));
  if (delays.some((d) => !Number.isInteger(d) || d < 0 || d > 43_200))
    throw new Error(`WEBHOOK_RETRY_DELAYS must list whole seconds up to 43200, got ${value}`);
  return delays;
}

export const webhookMaxReceiveCount = (delays = webhookRetryDelays()) => delays.length + 1;
