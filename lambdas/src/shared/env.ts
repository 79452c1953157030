import { z } from "zod";

/**
 * Every environment variable a handler reads, defined once (docs/architecture.md, "Where the code
 * lives"). Each bounded context's composition (lambdas/src/shared/<context>/env.ts) picks the names
 * it reads into a schema of its own, validated once on first use, so a missing variable fails
 * loudly with its name instead of as an odd SDK error later, and only in a function that uses the
 * context. The CDK side sets a name through the bind method that also grants the resource
 * (lib/constructs/app-function.ts); test/infra/handler-environment.test.ts checks each function is
 * given every name its contexts require.
 */
export const ENV_FIELDS = {
  TABLE_NAME: z.string().min(1),
  BIOMETRIC_BUCKET: z.string().min(1),
  BIOMETRIC_KEY_ID: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  APP_URL: z.string().url(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((v) => v === "true"),
  EVIDENCE_BUCKET: z.string().optional(),
  /** Where Discover writes a platform's items for the scan's Distributed Map (expires within a day). */
  SCAN_WORK_BUCKET: z.string().optional(),
  SCAN_STATE_MACHINE_ARN: z.string().optional(),
  /** The shared crawl's state machine, which the hourly start-crawl job starts. */
  CRAWL_STATE_MACHINE_ARN: z.string().optional(),
  TAKEDOWN_STATE_MACHINE_ARN: z.string().optional(),
  /** The public API's analyses, started by POST /api/v1/analyses. */
  ANALYSIS_STATE_MACHINE_ARN: z.string().optional(),
  SCHEDULER_GROUP: z.string().optional(),
  SCHEDULER_ROLE_ARN: z.string().optional(),
  /** Where a per-user schedule puts a start it could not make after its retries (AWS only). */
  SCHEDULER_DEAD_LETTER_ARN: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MODEL_DIR: z.string().optional(),
  /** Secrets Manager secret holding the VAPID private key (Web Push). */
  VAPID_SECRET_ARN: z.string().optional(),
  /** Push services the app may POST to (comma-separated origins); unset: the browser vendors' own. */
  PUSH_SERVICE_ORIGINS: z.string().optional(),
  /** How long a session trusts the last check of its Cognito user; unset: 60 s (docs/architecture.md). */
  SESSION_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** Secrets Manager secret with the Stripe keys, JSON {"secretKey", "webhookSecret"} (docs/billing.md). */
  STRIPE_SECRET_ARN: z.string().optional(),
  /** Stripe's API origin; unset: https://api.stripe.com (the local stack points it at its stand-in). */
  STRIPE_API_URL: z.string().url().optional(),
  /** The gallery (Aurora PostgreSQL over the RDS Data API): cluster, sign-in secret, database. */
  GALLERY_CLUSTER_ARN: z.string().optional(),
  GALLERY_SECRET_ARN: z.string().optional(),
  GALLERY_DATABASE: z.string().optional(),
  /** The read-only database user's secret, whose password the after-deploy step sets (AWS only). */
  GALLERY_READER_SECRET_ARN: z.string().optional(),
  /** What CloudFront adds as x-lg-origin-verify; unset where the web origin is the only way in (local). */
  ORIGIN_VERIFY: z.string().optional(),
  /** The webhook deliveries' SQS queue (docs/public-api.md, "Webhooks"). */
  WEBHOOK_QUEUE_URL: z.string().optional(),
  /** Its dead-letter queue, described by the health check. */
  WEBHOOK_DEAD_LETTER_QUEUE_URL: z.string().optional(),
  /** Hosts webhooks may reach over plain http and at private addresses: only a local receiver (the local stack's tests). */
  WEBHOOK_PLAIN_HTTP_HOSTS: z.string().optional(),
  /** The KMS key webhook signing secrets are sealed under (lib/constructs/webhook-secrets-key.ts). */
  WEBHOOK_SECRETS_KEY_ID: z.string().optional(),
};

export type EnvName = keyof typeof ENV_FIELDS;
type Picked<N extends EnvName> = { [K in N]: (typeof ENV_FIELDS)[K] };

/** What a context reads: the CDK side gives a function the required names of each context it imports. */
export interface ContextEnvDescription<N extends EnvName = EnvName> {
  readonly context: string;
  readonly names: readonly N[];
  /** The names the context cannot start without (the rest it checks where it uses them). */
  readonly required: readonly N[];
}

/** A context's environment: its description, and a reader that validates its names once. */
export interface ContextEnv<N extends EnvName> extends ContextEnvDescription<N> {
  (): z.infer<z.ZodObject<Picked<N>>>;
}

export function contextEnv<N extends EnvName>(context: string, names: readonly N[]): ContextEnv<N> {
  const shape = Object.fromEntries(names.map((name) => [name, ENV_FIELDS[name]])) as Picked<N>;
  const schema = z.object(shape);
  let parsed: z.infer<typeof schema> | undefined;
  const read = () => {
    if (!parsed) {
      const result = schema.safeParse(process.env);
      if (!result.success) {
        const invalid = result.error.issues.map((i) => i.path.join(".")).join(", ");
        throw new Error(`Invalid environment: ${invalid}`);
      }
      parsed = result.data;
    }
    return parsed;
  };
  const required = names.filter((name) => !ENV_FIELDS[name].safeParse(undefined).success);
  return Object.assign(read, { context, names, required });
}
