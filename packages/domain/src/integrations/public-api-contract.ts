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
      .object({ sha256: z.string().optional(), capturedAt: Timestamp.optional() })
      .meta({ description: "The captured media's hash and when it was captured" }),
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

export interface PublicOperation {
  operationId: string;
  method: "GET" | "POST" | "DELETE";
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
    summary: "Get one threat",
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
] as const satisfies readonly PublicOperation[];

export type PublicOperationId = (typeof PUBLIC_API_OPERATIONS)[number]["operationId"];

export const operationFor = (method: string, path: string): PublicOperation | undefined =>
  PUBLIC_API_OPERATIONS.find((op) => op.method === method && op.path === path);
