import { z } from "zod";

/**
 * Stage configuration, validated once when the app starts. Stages live in cdk.json under
 * context.stages; `cdk synth -c stage=prod` picks one. Anything that differs between a developer
 * account and production is here, so stacks never branch on a stage name.
 */
export const StageConfig = z.object({
  stage: z.string().regex(/^[a-z][a-z0-9-]{1,15}$/, "lower-case letters, digits and dashes"),
  account: z
    .string()
    .regex(/^\d{12}$/)
    .optional(),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/),
  /** Sender of Cognito codes, alerts and takedown notices; its domain must be a verified SES identity. */
  mailFrom: z.string().email(),
  /** Keep data (table, buckets, keys, user pool) when a stack is deleted, and refuse deletion. */
  retainData: z.boolean(),
  logRetentionDays: z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(365), z.literal(731)]),
  accessLogRetentionDays: z.number().int().min(90),
  evidenceRetention: z.object({
    mode: z.enum(["GOVERNANCE", "COMPLIANCE"]),
    days: z.number().int().min(1),
  }),
  api: z.object({ rateLimit: z.number().int().positive(), burstLimit: z.number().int().positive() }),
  /** Custom domain of the web app; without it the CloudFront default domain serves the app. */
  domain: z.object({ name: z.string().min(3), certificateArn: z.string().startsWith("arn:") }).optional(),
  /** A CLOUDFRONT-scope WAFv2 web ACL (created in us-east-1 by the organisation's security account). */
  webAclArn: z.string().startsWith("arn:").optional(),
  /** The gallery's Aurora Serverless v2 capacity range in ACUs (docs/scale.md sizes it for 1 M people). */
  gallery: z
    .object({ minCapacity: z.number().min(0).max(256), maxCapacity: z.number().min(1).max(256) })
    .refine((g) => g.minCapacity <= g.maxCapacity, "minCapacity must not exceed maxCapacity"),
  /** Lambda layer providing /opt/bin/ffmpeg (arm64) for functions that decode audio and video. */
  ffmpegLayerArn: z.string().startsWith("arn:").optional(),
});
export type StageConfig = z.infer<typeof StageConfig>;

const StagesContext = z.record(z.string(), StageConfig.omit({ stage: true }));

/** Reads and validates one stage from CDK context (`stages` and `stage`). */
export function loadStageConfig(context: { stages: unknown; stage?: unknown }): StageConfig {
  const stages = StagesContext.parse(context.stages);
  const stage = typeof context.stage === "string" ? context.stage : "dev";
  const selected = stages[stage];
  if (!selected) throw new Error(`Unknown stage "${stage}"; cdk.json defines: ${Object.keys(stages).join(", ")}`);
  return StageConfig.parse({ ...selected, stage });
}

/** Prefix of physical names, so two stages can share an account. */
export const resourcePrefix = (config: StageConfig) => `likenessguard-${config.stage}`;
