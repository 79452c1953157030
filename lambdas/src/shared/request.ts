import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { z } from "zod";
import { badRequest } from "./http-errors.js";

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

/** A JSON body checked against a schema; the first failing rule's message is what the person sees. */
export function parseJson<S extends z.ZodTypeAny>(event: APIGatewayProxyEventV2, schema: S): z.infer<S> {
  const text = bodyBytes(event).toString("utf8");
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}
