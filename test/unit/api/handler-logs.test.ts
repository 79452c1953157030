import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { lambdaContext } from "../../../local/src/lambda/lambda-context.js";

/** Environment of a handler in AWS, with every switch that could make Powertools log more turned on. */
const ENV = {
  TABLE_NAME: "table",
  BIOMETRIC_BUCKET: "biometric",
  BIOMETRIC_KEY_ID: "key",
  USER_POOL_ID: "pool",
  USER_POOL_CLIENT_ID: "client",
  APP_URL: "https://app.example",
  POWERTOOLS_SERVICE_NAME: "biometrics",
  POWERTOOLS_LOG_LEVEL: "DEBUG",
  POWERTOOLS_LOGGER_LOG_EVENT: "true",
  POWERTOOLS_TRACE_ENABLED: "false",
};

const SESSION = "lg_session=cookie-value-7d3f9a1c0b5e";
const CODE = "824613";
const PASSWORD = "Correct-horse-9-secret";
const EMBEDDING = Array.from({ length: 128 }, (_, i) => 0.123456789 + i / 1e6);

function captureOutput() {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(keep);
  vi.spyOn(process.stderr, "write").mockImplementation(keep);
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
  return lines;
}

const event = (routeKey: string, path: string, body: unknown): APIGatewayProxyEventV2 =>
  ({
    version: "2.0",
    routeKey,
    rawPath: path,
    rawQueryString: "",
    cookies: [SESSION],
    headers: {
      cookie: SESSION,
      "content-type": "application/json",
      origin: ENV.APP_URL,
      authorization: `Bearer ${PASSWORD}`,
    },
    requestContext: { http: { method: "POST", path, sourceIp: "198.51.100.7" } },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

// The route guard's role check needs the session store; here the caller is the account's owner.
vi.mock("../../../lambdas/src/shared/http/actor.js", () => ({ authorize: async () => undefined }));

describe("handler logs", () => {
  beforeAll(() => Object.assign(process.env, ENV));
  afterEach(() => vi.restoreAllMocks());

  it("hold no cookie, code, password or embedding, even when a handler fails or logs what it was given", async () => {
    const { createRouteGroup } = await import("../../../lambdas/src/shared/http/route-group.js");
    const { logger } = await import("../../../lambdas/src/shared/observability.js");
    const handler = createRouteGroup("biometrics", {
      "POST /api/biometric-training/embeddings": async (request) => {
        const body = JSON.parse(request.body ?? "{}") as Record<string, unknown>;
        // A careless log call: the logger must redact what its attribute names say is secret.
        logger.info("received", { embedding: body.embedding, code: body.code, headers: request.headers });
        throw new Error("KMS did not answer");
      },
    });
    const lines = captureOutput();
    const body = { code: CODE, password: PASSWORD, embedding: EMBEDDING };
    const response = (await handler(
      event("POST /api/biometric-training/embeddings", "/api/biometric-training/embeddings", body),
      lambdaContext("biometrics"),
    )) as { statusCode: number };
    vi.restoreAllMocks();

    expect(response.statusCode).toBe(500);
    const output = lines.join("\n");
    // The logs are there and structured: the failure, its type and the invocation's context.
    expect(output).toContain('"message":"Unexpected error"');
    expect(output).toContain('"errorMessage":"KMS did not answer"');
    expect(output).toContain('"function_name":"biometrics"');
    for (const secret of [SESSION, "cookie-value-7d3f9a1c0b5e", CODE, PASSWORD, "0.123456789", "0.12345"]) {
      expect(output, secret).not.toContain(secret);
    }
  });

  it("log a refused request without its body", async () => {
    const { createRouteGroup } = await import("../../../lambdas/src/shared/http/route-group.js");
    const handler = createRouteGroup("auth", {});
    const lines = captureOutput();
    const response = (await handler(
      event("POST /api/auth/confirm", "/api/auth/confirm", {
        username: "a@example.com",
        code: CODE,
        password: PASSWORD,
      }),
      lambdaContext("auth"),
    )) as { statusCode: number };
    vi.restoreAllMocks();
    expect(response.statusCode).toBe(501);
    const output = lines.join("\n");
    for (const secret of [SESSION, CODE, PASSWORD]) expect(output, secret).not.toContain(secret);
  });
});
