import { timingSafeEqual } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { z } from "zod";
import { env } from "./env.js";
import { badRequest, payloadTooLarge, unsupportedMediaType } from "./http-errors.js";

/**
 * The largest JSON body any route takes. Every field has its own bound in its schema; this one
 * keeps a request far below DynamoDB's 400 KB item limit whatever a schema lets through.
 */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

// Ids are checked by the domain's one rule, for paths here and for bodies in the web contract.
export { entityId, MAX_ID_LENGTH } from "@lg/domain/entity-id";

/** The raw body bytes, whether API Gateway base64-encoded them or not. */
export function bodyBytes(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
}

export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * Set by the web origin on every /api request (CloudFront's viewer-request function in AWS, the
 * local web server locally), replacing whatever the client sent: behind CloudFront, API Gateway's
 * sourceIp is an edge server shared by many people.
 */
export const VIEWER_ADDRESS_HEADER = "x-lg-viewer-address";
/** Added by CloudFront to origin requests with the deployment's ORIGIN_VERIFY value. */
export const ORIGIN_VERIFY_HEADER = "x-lg-origin-verify";

function cameThroughWebOrigin(event: APIGatewayProxyEventV2, expected: string | undefined): boolean {
  if (expected === undefined) return true;
  const given = Buffer.from(header(event, ORIGIN_VERIFY_HEADER) ?? "");
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The caller's address (the key of per-source rate limits): the viewer's as the web origin states
 * it, or, for a request that did not come through it, the connection's own.
 */
export const sourceIp = (event: APIGatewayProxyEventV2, originVerify = env().ORIGIN_VERIFY): string => {
  const viewer = cameThroughWebOrigin(event, originVerify) ? header(event, VIEWER_ADDRESS_HEADER) : undefined;
  return viewer || event.requestContext?.http?.sourceIp || "unknown";
};

/**
 * application/json (any parameters) only: an HTML form can send text/plain, form-urlencoded and
 * multipart bodies across sites without a preflight, so JSON routes refuse those (CSRF).
 */
function requireJsonContentType(event: APIGatewayProxyEventV2, hasBody: boolean): void {
  const type = header(event, "content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === undefined ? hasBody : type !== "application/json") {
    throw unsupportedMediaType("Send the request body as JSON with Content-Type: application/json");
  }
}

/** A JSON body checked against a schema; the first failing rule's message is what the person sees. */
/**
 * What to tell the caller about the first problem. Our schemas word their own messages; zod's
 * default for a missing or mistyped field ("Invalid input: expected string, received undefined")
 * names no field, so that one is replaced by words that do.
 */
function problemMessage(issue: z.core.$ZodIssue | undefined, fallback: string): string {
  if (!issue) return fallback;
  const field = issue.path.map(String).join(".");
  if (issue.code === "invalid_type" && field && issue.message.startsWith("Invalid input")) {
    return issue.message.endsWith("received undefined")
      ? `${field} is required`
      : `${field} must be a ${issue.expected}`;
  }
  return issue.message;
}

/** Path parameters or a query string checked by a schema: 400 with the schema's first message. */
export function parseParameters<S extends z.ZodTypeAny>(value: unknown, schema: S, fallback: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(problemMessage(result.error.issues[0], fallback));
  return result.data;
}

export function parseJson<S extends z.ZodTypeAny>(event: APIGatewayProxyEventV2, schema: S): z.infer<S> {
  const bytes = bodyBytes(event);
  requireJsonContentType(event, bytes.byteLength > 0);
  if (bytes.byteLength > MAX_JSON_BODY_BYTES) {
    throw payloadTooLarge(`Request body is too large (at most ${MAX_JSON_BODY_BYTES / 1024} KB)`);
  }
  const text = bytes.toString("utf8");
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  return parseParameters(value, schema, "Invalid request");
}
