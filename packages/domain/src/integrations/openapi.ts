import { z } from "zod";
import { API_KEY_SCOPES } from "../table/integration-entities.js";
import { Problem, PUBLIC_API_OPERATIONS, type PublicOperation } from "./public-api-contract.js";

type JsonObject = Record<string, unknown>;

const PROBLEM_ANSWERS: Record<string, string> = {
  "400": "The request is not valid (problem details say which part)",
  "401": "No API key, or the key was revoked or has expired",
  "403": "The key lacks the operation's scope",
  "404": "No such resource in your organisation",
  "409": "A request with this Idempotency-Key is still being processed",
  "422": "The Idempotency-Key was used with another request, or the operation is not possible for this resource",
  "429": "Rate limit reached: wait Retry-After seconds",
};

const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description: 'What is left in this window: "per-key";r=<remaining>;t=<seconds>',
    schema: { type: "string" },
  },
  "RateLimit-Policy": { description: '"per-key";q=<requests>;w=<seconds>', schema: { type: "string" } },
};

/**
 * The OpenAPI 3.1 document of the public API, generated from the contract's zod schemas (JSON Schema
 * 2020-12, which OpenAPI 3.1 uses as is). Named schemas (`.meta({ id })`) become components.
 */
export function publicApiDocument(serverUrl = "/"): JsonObject {
  const components: Record<string, unknown> = {};
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonObject => {
    const { $schema: _schema, $defs, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io }) as JsonObject;
    for (const [id, def] of Object.entries(($defs ?? {}) as JsonObject)) components[id] = toComponentRefs(def);
    return toComponentRefs(rest) as JsonObject;
  };
  const problemRef = convert(Problem, "output");
  const paths: Record<string, JsonObject> = {};
  for (const op of PUBLIC_API_OPERATIONS as readonly PublicOperation[]) {
    paths[op.path] ??= {};
    (paths[op.path] as JsonObject)[op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      description: `Scope: \`${op.scope}\`.`,
      security: [{ apiKey: [op.scope] }],
      parameters: [
        ...parametersOf(op.params, "path", convert),
        ...parametersOf(op.query, "query", convert),
        ...(op.method === "POST"
          ? [
              {
                name: "Idempotency-Key",
                in: "header",
                required: true,
                description:
                  "A unique value per operation (a UUID): a retry with the same key is answered without running twice",
                schema: { type: "string", minLength: 1, maxLength: 255 },
              },
            ]
          : []),
      ],
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: convert(op.body, "input") } } } }
        : {}),
      responses: {
        [String(op.success.status)]: {
          description: "OK",
          headers: RATE_LIMIT_HEADERS,
          content: { "application/json": { schema: convert(op.success.schema, "output") } },
        },
        ...Object.fromEntries(
          Object.entries(PROBLEM_ANSWERS)
            .filter(([status]) => op.method === "POST" || !["409", "422"].includes(status))
            .map(([status, description]) => [
              status,
              {
                description,
                ...(status === "429"
                  ? { headers: { "Retry-After": { schema: { type: "integer" } }, ...RATE_LIMIT_HEADERS } }
                  : {}),
                content: { "application/problem+json": { schema: problemRef } },
              },
            ]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "LikenessGuard API",
      version: "1",
      description:
        "Threats, takedown notices and protected people of your organisation. Authenticate with an API key made in Settings: `Authorization: Bearer lg_live_…`. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key (lg_live_…). Scopes: ${API_KEY_SCOPES.join(", ")}.`,
        },
      },
    },
  };
}

function parametersOf(
  schema: z.ZodObject | undefined,
  where: "path" | "query",
  convert: (schema: z.ZodType, io: "input" | "output") => JsonObject,
) {
  if (!schema) return [];
  const json = convert(schema, "input") as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === "path" || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const toComponentRefs = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
