import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../../lambdas/src/shared/http/http-errors.js";
import { sourceIp } from "../../../lambdas/src/shared/http/request.js";
import { assertPathIds, assertSameOrigin } from "../../../lambdas/src/shared/http/request-guards.js";

const APP = "https://app.likenessguard.example";
const event = (method: string, headers: Record<string, string>, pathParameters?: Record<string, string>) =>
  ({
    headers,
    requestContext: { http: { method } },
    ...(pathParameters ? { pathParameters } : {}),
  }) as unknown as APIGatewayProxyEventV2;

const statusOf = (check: () => void) => {
  try {
    check();
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : 500;
  }
};

describe("the same-origin rule for state-changing requests", () => {
  it.each([
    ["POST", { origin: APP, "sec-fetch-site": "same-origin" }, 200],
    ["DELETE", { "sec-fetch-site": "same-origin" }, 200],
    ["PUT", {}, 200],
    ["POST", { origin: "https://evil.example" }, 403],
    ["POST", { "sec-fetch-site": "cross-site" }, 403],
    ["PUT", { "sec-fetch-site": "same-site" }, 403],
    ["DELETE", { origin: "null" }, 403],
    ["POST", { "sec-fetch-site": "same-origin", origin: "https://evil.example" }, 403],
    ["GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, 200],
    // The page's own origin under another name than APP_URL's (127.0.0.1 for localhost) is still its own.
    ["POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "sec-fetch-site": "same-origin" }, 200],
    ["POST", { origin: "http://127.0.0.1:3000", host: "localhost:3000" }, 403],
    ["POST", { origin: "https://evil.example", host: "app.likenessguard.example" }, 403],
    ["POST", { origin: "null", host: "null" }, 403],
  ] as const)("%s with %j answers %i", (method, headers, status) => {
    expect(statusOf(() => assertSameOrigin(event(method, headers), APP))).toBe(status);
  });
});

describe("ids in paths", () => {
  it("takes our ids and refuses oversized or odd ones with 400", () => {
    expect(statusOf(() => assertPathIds(event("GET", {}, { id: "5f0c2b1e-7a4d-4c53-9e1b-2a7f3d9c8e10" })))).toBe(200);
    expect(statusOf(() => assertPathIds(event("GET", {}, { id: "a".repeat(129) })))).toBe(400);
    expect(statusOf(() => assertPathIds(event("GET", {}, { id: "t/1" })))).toBe(400);
    expect(statusOf(() => assertPathIds(event("GET", {}, { id: "" })))).toBe(400);
  });
});

describe("the source address of per-source limits", () => {
  const TOKEN = "c0ffee00-1234-4bcd-9def-000000000000";
  const from = (headers: Record<string, string>) =>
    ({
      headers,
      requestContext: { http: { method: "POST", sourceIp: "203.0.113.9" } },
    }) as unknown as APIGatewayProxyEventV2;

  it("is the viewer's address when the request came through CloudFront", () => {
    const event = from({ "x-lg-viewer-address": "198.51.100.4", "x-lg-origin-verify": TOKEN });
    expect(sourceIp(event, TOKEN)).toBe("198.51.100.4");
  });

  it("is the connection's own when a caller skips CloudFront and claims an address", () => {
    expect(sourceIp(from({ "x-lg-viewer-address": "198.51.100.4" }), TOKEN)).toBe("203.0.113.9");
    expect(sourceIp(from({ "x-lg-viewer-address": "198.51.100.4", "x-lg-origin-verify": "guess" }), TOKEN)).toBe(
      "203.0.113.9",
    );
  });
});
