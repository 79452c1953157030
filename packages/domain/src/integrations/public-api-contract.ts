import { z } from "zod";
import { NoticeStatus, ThreatStatus, ThreatType } from "../table/entities.js";
import { type ApiKeyScope, WEBHOOK_EVENT_TYPES, WebhookEventType } from "../table/integration-entities.js";

/**
 * The public API's contract, written once: every operation's path, scope, parameters and answers
 * as zod schemas. The handlers validate with them, the route table is made from them, and the
 * OpenAPI document (openapi.ts) is generated from them, so the three cannot differ.
 */

const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:~-]+$/);
const Timestamp = z.iso.datetime({ offset: true }).meta({ description: "RFC 3339 date-time, UTC" });
const Cursor = z.string().min(1).max(2048).meta({ description: "nextCursor of the previous page" });
const Limit = z.coerce.number().int().min(1).max(100).default(25);

export const Problem = z
  .object({
    type: z.string().meta({ description: "A URI naming the kind of problem" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details" });

export const PublicThreat = z
  .object({
    id: Id,
    type: ThreatType,
    status: ThreatStatus,
    /** Match confidence in percent. */
    confidence: z.number().min(0).max(100),
    severity: z.string(),
    synthetic: z.string().meta({ description: "synthetic, possibly-synthetic, no-evidence or unknown" }),
    platform: z.string(),
    url: z.string(),
    personId: z.string().meta({ description: '"self" for the account holder, else a protected person\'s id' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    evidence: z
      .object({
        sha256: z.string().optional().meta({ description: "SHA-256 of the evidence package's manifest" }),
        capturedAt: Timestamp.optional(),
        media: z
          .object({
            url: z.string().meta({ description: "A presigned GET of the captured file; works until expiresAt" }),
            contentType: z.string(),
            bytes: z.number().int(),
            sha256: z.string().meta({ description: "SHA-256 of the file, to check what you fetched" }),
            expiresAt: Timestamp,
          })
          .nullable()
          .optional()
          .meta({
            description:
              "GET /v1/threats/{id} only: the captured media file, for a few minutes (null: mediaWithheld says why)",
          }),
        mediaWithheld: z.string().optional().meta({ description: "Why media is null" }),
      })
      .meta({ description: "The evidence package: its hash, when it was captured and, for one threat, its media" }),
    takedown: z.object({ id: z.string(), state: z.string() }).nullable(),
  })
  .meta({ id: "Threat" });

export const ThreatListQuery = z
  .object({
    since: Timestamp.optional().meta({ description: "Only threats created at or after this time" }),
    status: ThreatStatus.optional(),
    type: ThreatType.optional(),
    person: Id.optional().meta({ description: 'A protected person\'s id, or "self"' }),
    limit: Limit,
    cursor: Cursor.optional(),
  })
  .strict();

export const ThreatList = z
  .object({ data: z.array(PublicThreat), nextCursor: z.string().nullable() })
  .meta({ id: "ThreatList" });

export const TakedownRequest = z
  .object({
    action: z.enum(["prepare", "send"]).meta({
      description:
        "prepare: compose the notice and say what it rests on, sending nothing; send: send it on the statements given",
    }),
    confirmations: z
      .array(z.string().max(400))
      .max(32)
      .default([])
      .meta({ description: "The statements the notice needs (requiresConfirmation of prepare), which you make" }),
    claimCopyright: z.object({ sampleId: Id }).optional(),
  })
  .strict()
  .meta({ id: "TakedownRequest" });

export const PreparedTakedown = z
  .object({
    action: z.literal("prepare"),
    threatId: Id,
    route: z.string().meta({ description: "The legal basis: dmca, take_it_down, dsa, platform_policy or none" }),
    reason: z.string(),
    recipient: z.string(),
    channel: z.enum(["email", "web_form", "none"]),
    requiresConfirmation: z.array(z.string()),
    text: z.string(),
  })
  .meta({ id: "PreparedTakedown" });

export const SentTakedown = z
  .object({
    action: z.literal("send"),
    threatId: Id,
    takedownId: Id,
    state: z.enum(["sent", "filing_needed"]),
    route: z.string(),
    recipient: z.string(),
    formUrl: z.string().optional(),
  })
  .meta({ id: "SentTakedown" });

export const TakedownOutcome = z.discriminatedUnion("action", [PreparedTakedown, SentTakedown]);

export const PublicTakedown = z
  .object({
    id: Id,
    threatId: Id,
    route: z.string(),
    state: NoticeStatus,
    recipient: z.string(),
    channel: z.enum(["email", "web_form"]),
    platform: z.string().optional(),
    contentUrl: z.string().optional(),
    automatic: z.boolean(),
    createdAt: Timestamp,
    sentAt: Timestamp.optional(),
    removedAt: Timestamp.optional(),
    closedAt: Timestamp.optional(),
  })
  .meta({ id: "Takedown" });

export const TakedownListQuery = z
  .object({ state: NoticeStatus.optional(), limit: Limit, cursor: Cursor.optional() })
  .strict();

export const TakedownList = z
  .object({ data: z.array(PublicTakedown), nextCursor: z.string().nullable() })
  .meta({ id: "TakedownList" });

export const PublicPerson = z
  .object({
    id: Id,
    displayName: z.string(),
    state: z.enum(["invited", "consented", "enrolled", "withdrawn"]),
    enrolled: z.object({ face: z.boolean(), voice: z.boolean() }),
    threats: z.object({ total: z.number().int(), active: z.number().int() }),
  })
  .meta({ id: "Person", description: "A protected person and their protection state; never biometric data" });

export const PeopleList = z.object({ data: z.array(PublicPerson) }).meta({ id: "PeopleList" });

export const IdParams = z.object({ id: Id }).strict();

export const WebhookEndpointInput = z
  .object({
    url: z.url({ error: "url must be an https:// address" }).max(2048),
    events: z.array(WebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
  })
  .strict()
  .meta({ id: "WebhookEndpointInput" });

export const WebhookEndpointUpdate = z
  .object({
    url: z.url({ error: "url must be an https:// address" }).max(2048).optional(),
    events: z.array(WebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
    enabled: z.boolean().optional().meta({
      description: "false turns the endpoint off (no deliveries); true turns it on again and clears its failures",
    }),
  })
  .strict()
  .refine((u) => u.url !== undefined || u.events !== undefined || u.enabled !== undefined, {
    error: "Give url, events or enabled",
  })
  .meta({ id: "WebhookEndpointUpdate" });

export const PublicWebhookEndpoint = z
  .object({
    id: Id,
    url: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    disabledReason: z.string().optional().meta({ description: "Why the endpoint is off" }),
    failuresInARow: z
      .number()
      .int()
      .meta({ description: "Deliveries that failed every attempt since the last success" }),
    createdAt: Timestamp,
    previousSecretRetiresAt: Timestamp.optional().meta({
      description: "After a rotation: when the previous secret stops signing",
    }),
  })
  .meta({ id: "WebhookEndpoint", description: "An endpoint that receives signed events; never its secret" });

export const WebhookEndpointList = z
  .object({ data: z.array(PublicWebhookEndpoint) })
  .meta({ id: "WebhookEndpointList" });

export const WebhookEndpointWithSecret = z
  .object({
    endpoint: PublicWebhookEndpoint,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+=*$/)
      .meta({
        description: "The signing secret (Standard Webhooks): in this answer only, never shown again",
      }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

export const DeletedWebhookEndpoint = z
  .object({ id: Id, deleted: z.literal(true) })
  .meta({ id: "DeletedWebhookEndpoint" });

/** What an analysis may be given: the detection engine's formats, at most the size a scan fetches. */
export const ANALYSIS_MAX_BYTES = 10 * 1024 * 1024;
export const ANALYSIS_CONTENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "audio/wav",
  "audio/mpeg",
  "audio/flac",
  "audio/ogg",
  "audio/mp4",
] as const;

export const AnalysisRequest = z
  .union([
    z
      .object({
        url: z
          .url({ protocol: /^https?$/, error: "url must be an http(s):// address" })
          .max(2048)
          .meta({
            description: "Public media to fetch (no private addresses, no redirects to them; at most 10 MB)",
          }),
      })
      .strict(),
    z
      .object({
        upload: z
          .object({
            contentType: z.enum(ANALYSIS_CONTENT_TYPES),
            size: z.number().int().positive().max(ANALYSIS_MAX_BYTES).meta({ description: "The file's size in bytes" }),
          })
          .strict(),
      })
      .strict()
      .meta({ description: "Put the file at the answer's upload.url within 10 minutes; the analysis starts then" }),
  ])
  .meta({ id: "AnalysisRequest" });

const OperatingPoint = z
  .object({
    threshold: z.number(),
    falsePositiveRate: z.number().meta({ description: "Share of genuine media read as synthetic at the threshold" }),
    truePositiveRate: z.number().optional(),
    measuredOn: z.string().optional(),
    genuineCount: z.number().int().optional(),
  })
  .meta({
    id: "OperatingPoint",
    description: "Where a learned detector decides, and what it was measured to do there",
  });

const SignalReading = z.object({
  id: z.string(),
  status: z.enum(["present", "absent", "unknown"]),
  score: z.number().optional(),
  explanation: z.string(),
  operatingPoint: OperatingPoint.optional(),
});

export const AnalysisResult = z
  .object({
    media: z.object({
      kind: z.enum(["image", "video", "audio"]),
      format: z.string(),
      bytes: z.number().int(),
      width: z.number().int().optional(),
      height: z.number().int().optional(),
      durationSeconds: z.number().optional(),
    }),
    synthetic: z.object({
      verdict: z.enum(["synthetic", "possibly-synthetic", "no-evidence", "unknown"]).meta({
        description: "synthetic only where the measured false-positive rate meets the product's bar; never 'real'",
      }),
      score: z.number().nullable().meta({ description: "The fused 0-1 probability, null when no signal could tell" }),
      operatingPoint: OperatingPoint.optional(),
      signals: z.array(SignalReading).meta({ description: "Each detector's reading and its reason" }),
    }),
    matches: z
      .array(
        z.object({
          personId: z.string().meta({ description: '"self" or a protected person\'s id (GET /v1/people)' }),
          modality: z.enum(["face", "voice"]),
          confidence: z.number().min(0).max(100),
          enrolment: z.enum(["verified", "unverified"]),
        }),
      )
      .meta({ description: "The best face and voice match among the organisation's enrolled people, if any" }),
    provenance: z.object({
      declaredSynthetic: z
        .boolean()
        .meta({ description: "The media declares itself AI-made (C2PA, IPTC, metadata, watermark)" }),
      signals: z.array(SignalReading),
    }),
    threat: z
      .object({ type: ThreatType, severity: z.string(), title: z.string(), reason: z.string() })
      .nullable()
      .meta({ description: "What a scan finding this media would record as a threat, or null" }),
    note: z.string().optional().meta({ description: "Why part of the analysis could not be made" }),
  })
  .meta({ id: "AnalysisResult" });

export const PublicAnalysis = z
  .object({
    id: Id,
    status: z.enum(["queued", "running", "completed", "failed"]),
    source: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("url"), url: z.string() }),
      z.object({ kind: z.literal("upload"), contentType: z.string(), size: z.number().int() }),
    ]),
    upload: z
      .object({
        url: z.string(),
        method: z.literal("PUT"),
        headers: z.record(z.string(), z.string()).meta({ description: "Send these headers with the PUT" }),
        expiresAt: Timestamp,
      })
      .optional()
      .meta({ description: "Only in the answer to an upload's POST: where to put the file" }),
    createdAt: Timestamp,
    startedAt: Timestamp.optional(),
    completedAt: Timestamp.optional(),
    failure: z.string().optional().meta({ description: "Why the analysis failed (status failed)" }),
    result: AnalysisResult.nullable(),
  })
  .meta({ id: "Analysis" });

export interface PublicOperation {
  operationId: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Under /api on the app's origin: /api/v1/threats. */
  path: string;
  summary: string;
  scope: ApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer's status and schema. */
  success: { status: number; schema: z.ZodType };
}

export const PUBLIC_API_OPERATIONS = [
  {
    operationId: "listThreats",
    method: "GET",
    path: "/api/v1/threats",
    summary: "List threats, newest first",
    scope: "threats:read",
    query: ThreatListQuery,
    success: { status: 200, schema: ThreatList },
  },
  {
    operationId: "getThreat",
    method: "GET",
    path: "/api/v1/threats/{id}",
    summary: "Get one threat, with a link to its captured media that works for 5 minutes",
    scope: "threats:read",
    params: IdParams,
    success: { status: 200, schema: PublicThreat },
  },
  {
    operationId: "createTakedown",
    method: "POST",
    path: "/api/v1/threats/{id}/takedowns",
    summary: "Prepare or send a takedown notice for a threat",
    scope: "takedowns:write",
    params: IdParams,
    body: TakedownRequest,
    success: { status: 200, schema: TakedownOutcome },
  },
  {
    operationId: "listTakedowns",
    method: "GET",
    path: "/api/v1/takedowns",
    summary: "List takedown notices, newest first",
    scope: "threats:read",
    query: TakedownListQuery,
    success: { status: 200, schema: TakedownList },
  },
  {
    operationId: "getTakedown",
    method: "GET",
    path: "/api/v1/takedowns/{id}",
    summary: "Get one takedown notice",
    scope: "threats:read",
    params: IdParams,
    success: { status: 200, schema: PublicTakedown },
  },
  {
    operationId: "listPeople",
    method: "GET",
    path: "/api/v1/people",
    summary: "List protected people and their protection state",
    scope: "people:read",
    success: { status: 200, schema: PeopleList },
  },
  {
    operationId: "createAnalysis",
    method: "POST",
    path: "/api/v1/analyses",
    summary: "Analyse media (a URL, or a file put at a presigned URL): answered at once, analysed asynchronously",
    scope: "analyses:write",
    body: AnalysisRequest,
    success: { status: 202, schema: PublicAnalysis },
  },
  {
    operationId: "getAnalysis",
    method: "GET",
    path: "/api/v1/analyses/{id}",
    summary: "Get an analysis: its status and, once completed, its result",
    scope: "analyses:write",
    params: IdParams,
    success: { status: 200, schema: PublicAnalysis },
  },
  {
    operationId: "listWebhookEndpoints",
    method: "GET",
    path: "/api/v1/webhooks",
    summary: "List webhook endpoints",
    scope: "webhooks:manage",
    success: { status: 200, schema: WebhookEndpointList },
  },
  {
    operationId: "createWebhookEndpoint",
    method: "POST",
    path: "/api/v1/webhooks",
    summary: "Add a webhook endpoint: the answer holds its signing secret, shown this once",
    scope: "webhooks:manage",
    body: WebhookEndpointInput,
    success: { status: 201, schema: WebhookEndpointWithSecret },
  },
  {
    operationId: "getWebhookEndpoint",
    method: "GET",
    path: "/api/v1/webhooks/{id}",
    summary: "Get one webhook endpoint",
    scope: "webhooks:manage",
    params: IdParams,
    success: { status: 200, schema: PublicWebhookEndpoint },
  },
  {
    operationId: "updateWebhookEndpoint",
    method: "PATCH",
    path: "/api/v1/webhooks/{id}",
    summary: "Change a webhook endpoint's url or events, or turn it off or on",
    scope: "webhooks:manage",
    params: IdParams,
    body: WebhookEndpointUpdate,
    success: { status: 200, schema: PublicWebhookEndpoint },
  },
  {
    operationId: "deleteWebhookEndpoint",
    method: "DELETE",
    path: "/api/v1/webhooks/{id}",
    summary: "Remove a webhook endpoint: no more events are sent to it",
    scope: "webhooks:manage",
    params: IdParams,
    success: { status: 200, schema: DeletedWebhookEndpoint },
  },
  {
    operationId: "rotateWebhookSecret",
    method: "POST",
    path: "/api/v1/webhooks/{id}/rotate-secret",
    summary: "Rotate an endpoint's signing secret: the new one signs from now on, the previous one too for 24 hours",
    scope: "webhooks:manage",
    params: IdParams,
    success: { status: 200, schema: WebhookEndpointWithSecret },
  },
] as const satisfies readonly PublicOperation[];

export type PublicOperationId = (typeof PUBLIC_API_OPERATIONS)[number]["operationId"];

export const operationFor = (method: string, path: string): PublicOperation | undefined =>
  PUBLIC_API_OPERATIONS.find((op) => op.method === method && op.path === path);
