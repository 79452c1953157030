import { z } from "zod";
import { defineEntity } from "./entity.js";

/** The public API's entities (docs/public-api.md): keys, idempotent requests, webhook endpoints and deliveries. */

const isoDate = z.string().datetime({ offset: true });
const epochSeconds = z.number().int().nonnegative();

export const API_KEY_SCOPES = [
  "threats:read",
  "takedowns:write",
  "analyses:write",
  "people:read",
  "webhooks:manage",
] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const WEBHOOK_EVENT_TYPES = [
  "threat.created",
  "threat.updated",
  "takedown.sent",
  "takedown.resolved",
  "analysis.completed",
  "scan.completed",
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/**
 * An organisation's API key. Keyed by its own id (which the secret carries), so checking a key is one
 * strongly consistent read: a revocation holds from the very next request, which a GSI could not promise.
 */
export const ApiKey = defineEntity({
  name: "ApiKey",
  description:
    "An API key of an account: name, scopes, optional expiry, the SHA-256 of its secret (never the secret), last use, revocation.",
  schema: z.object({
    keyId: z.string().min(1),
    accountId: z.string().min(1),
    name: z.string().min(1).max(100),
    scopes: z.array(ApiKeyScope).min(1),
    secretHash: z.string().length(64),
    /** What the key's list shows to recognise it: its prefix and id and the secret's last 4 characters. */
    hint: z.string(),
    createdAt: isoDate,
    createdBy: z.string(),
    /** When the key stops working; absent: until revoked. */
    validUntil: isoDate.optional(),
    lastUsedAt: isoDate.optional(),
    revokedAt: isoDate.optional(),
    revokedBy: z.string().optional(),
  }),
  primary: { pk: "APIKEY#{keyId}", sk: "KEY" },
  indexes: { gsi1: { pk: "USER#{accountId}#APIKEYS", sk: "{createdAt}#{keyId}" } },
  accessPatterns: [
    "Check a key from the id its secret carries (one consistent read at every request)",
    "List an account's API keys for Settings (gsi1)",
  ],
});

/** A POST of the public API under its Idempotency-Key: claimed first, then its answer kept for a day. */
export const ApiIdempotentRequest = defineEntity({
  name: "ApiIdempotentRequest",
  description:
    "One Idempotency-Key of one API key: the request's fingerprint and, once answered, the answer replayed to a retry; expires by TTL after a day.",
  schema: z.object({
    accountId: z.string().min(1),
    keyId: z.string().min(1),
    idempotencyKey: z.string().min(1).max(255),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: z.string(),
    state: z.enum(["in_progress", "done"]),
    statusCode: z.number().int().optional(),
    body: z.string().optional(),
    /** Present when `body` is sealed (an answer that carried a secret): its KMS-wrapped data key. */
    encryptedDataKey: z.string().optional(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: {
    pk: "USER#{accountId}",
    sk: "IDEMPOTENCY#{keyId}#{idempotencyKey}",
  },
  ttl: true,
  accessPatterns: ["Claim an Idempotency-Key (conditional put) and replay its answer to a retried POST"],
});

/** A signing secret of an endpoint; two at once while a rotation's overlap runs. */
const WebhookSecret = z.object({
  /**
   * The secret (`whsec_` and the base64 of 32 random bytes, as Standard Webhooks defines it) sealed
   * under a data key of its own from the webhook secrets' KMS key (integrations/sealed-secrets.ts).
   */
  sealed: z.string().optional(),
  /** The KMS-wrapped data key `sealed` opens with. */
  encryptedDataKey: z.string().optional(),
  /** A secret as stored before secrets were sealed, until the after-deploy migration seals it. */
  secret: z.string().startsWith("whsec_").optional(),
  createdAt: isoDate,
  /** Set on the older secret at a rotation: signatures with it stop then. */
  retiresAt: isoDate.optional(),
});

export const WebhookEndpoint = defineEntity({
  name: "WebhookEndpoint",
  description:
    "An HTTPS endpoint of an account that receives signed events: URL, event types, signing secrets (two during a rotation), failures in a row.",
  schema: z.object({
    accountId: z.string().min(1),
    endpointId: z.string().min(1),
    url: z.string().url().max(2048),
    events: z.array(WebhookEventType).min(1),
    secrets: z.array(WebhookSecret).min(1).max(2),
    enabled: z.boolean(),
    /** Deliveries that ended in the dead-letter queue since the last success. */
    failuresInARow: z.number().int().nonnegative().default(0),
    disabledReason: z.string().optional(),
    createdAt: isoDate,
    createdBy: z.string(),
  }),
  primary: { pk: "USER#{accountId}", sk: "WEBHOOK#{endpointId}" },
  accessPatterns: ["List an account's webhook endpoints (to fan an event out, and in Settings)"],
});

/** One event for one endpoint: what was sent, how often, what the receiver answered. */
export const WebhookDelivery = defineEntity({
  name: "WebhookDelivery",
  description:
    "One event's delivery to one endpoint (the delivery log): message id, type, payload, attempts, last response code, state; expires by TTL after 30 days.",
  schema: z.object({
    accountId: z.string().min(1),
    endpointId: z.string().min(1),
    /**
     * The `webhook-id`: the same on every attempt and resend, so the receiver can drop duplicates.
     * It starts with its time in base 36, so the log's sort key orders deliveries by creation.
     */
    messageId: z.string().min(1),
    eventType: WebhookEventType,
    payload: z.string(),
    state: z.enum(["pending", "delivered", "retrying", "dead"]),
    attempts: z.number().int().nonnegative(),
    lastStatusCode: z.number().int().optional(),
    lastError: z.string().optional(),
    lastAttemptAt: isoDate.optional(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: {
    pk: "USER#{accountId}#WEBHOOK#{endpointId}",
    sk: "DELIVERY#{messageId}",
  },
  ttl: true,
  accessPatterns: ["Show an endpoint's delivery log, newest first, and resend one delivery"],
});

/** Leading key of every ApiAnalysis: the only partition of an account the analysis workflow's Run may write. */
export const API_ANALYSIS_PARTITION_PREFIX = "APIANALYSIS#";

/** Where the media of an analysis asked for through the API comes from. */
export const AnalysisSource = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("url"), url: z.string().url().max(2048) }),
  /** Put by the client at a presigned URL; `bytes` is the size it declared, signed into that URL. */
  z.object({ kind: z.literal("upload"), contentType: z.string().max(255), bytes: z.number().int().positive() }),
]);

/**
 * One analysis asked for through the public API (POST /api/v1/analyses): its state and, once
 * complete, its result as the API answers it (JSON). The media itself is never kept.
 */
export const ApiAnalysis = defineEntity({
  name: "ApiAnalysis",
  description:
    "A media analysis an API key asked for: its source (a URL or an upload), state, result or failure; expires by TTL after 30 days.",
  schema: z.object({
    accountId: z.string().min(1),
    analysisId: z.string().min(1),
    keyId: z.string().min(1),
    source: AnalysisSource,
    state: z.enum(["queued", "running", "completed", "failed"]),
    /** The public answer's `result` (public-api-contract AnalysisResult), as JSON. */
    result: z.string().optional(),
    /** Why it failed, in words the API client is shown. */
    failure: z.string().optional(),
    createdAt: isoDate,
    startedAt: isoDate.optional(),
    completedAt: isoDate.optional(),
    expiresAt: epochSeconds,
  }),
  // A partition of its own, so the task that reads untrusted media may write its analysis and nothing
  // else of the account (IAM dynamodb:LeadingKeys); account erasure deletes it with the account.
  primary: { pk: `${API_ANALYSIS_PARTITION_PREFIX}{accountId}`, sk: "{analysisId}" },
  ttl: true,
  accessPatterns: [
    "Read an analysis of the account by id (GET /api/v1/analyses/{id}; another account's id is not found)",
    "Move it queued, running, completed or failed (the analysis workflow)",
  ],
});

export const INTEGRATION_ENTITIES = [
  ApiKey,
  ApiIdempotentRequest,
  WebhookEndpoint,
  WebhookDelivery,
  ApiAnalysis,
] as const;
