import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGatewayEvent } from "../../local/src/http/api-gateway-event.js";
import { writeLambdaResult } from "../../local/src/http/lambda-result.js";
import { matchRoute } from "../../local/src/http/route-table.js";

/** A real HTTP round trip through the adapter's event builder and result writer, without handlers. */
describe("API Gateway HTTP adapter", () => {
  let server: http.Server;
  let base: string;
  let lastEvent: APIGatewayProxyEventV2 | undefined;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const route = matchRoute(req.method ?? "GET", url.pathname);
      if (typeof route === "string") throw new Error(route);
      lastEvent = apiGatewayEvent(req, url, Buffer.concat(chunks), route);
      writeLambdaResult(res, {
        statusCode: 201,
        headers: { "X-Thing": "1" },
        cookies: ["a=1; HttpOnly", "b=2; Secure"],
        body: Buffer.from([0, 1, 2]).toString("base64"),
        isBase64Encoded: true,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("builds a payload 2.0 event with path parameters, cookies apart from headers and a base64 binary body", async () => {
    const res = await fetch(`${base}/api/threats/t%2F1/status?x=1&x=2&y=3`, {
      method: "PUT",
      headers: { cookie: "lg_session=abc; theme=dark", "content-type": "image/png", "X-Custom": "Yes" },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    const event = lastEvent!;
    expect(event).toMatchObject({
      version: "2.0",
      routeKey: "PUT /api/threats/{id}/status",
      rawPath: "/api/threats/t%2F1/status",
      rawQueryString: "x=1&x=2&y=3",
      cookies: ["lg_session=abc", "theme=dark"],
      queryStringParameters: { x: "1,2", y: "3" },
      pathParameters: { id: "t/1" },
      isBase64Encoded: true,
      requestContext: {
        http: { method: "PUT", path: "/api/threats/t%2F1/status", sourceIp: "127.0.0.1" },
        stage: "$default",
      },
    });
    expect(event.headers["x-custom"]).toBe("Yes");
    expect(event.headers.cookie).toBeUndefined();
    expect(Buffer.from(event.body!, "base64")).toEqual(Buffer.from([137, 80, 78, 71]));

    expect(res.status).toBe(201);
    expect(res.headers.get("x-thing")).toBe("1");
    expect(res.headers.getSetCookie()).toEqual(["a=1; HttpOnly", "b=2; Secure"]);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0, 1, 2]));
  });

  it("passes JSON bodies as text and prefers static routes over templated ones", async () => {
    await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.c" }),
    });
    expect(lastEvent).toMatchObject({
      isBase64Encoded: false,
      body: '{"email":"a@b.c"}',
      routeKey: "POST /api/auth/signup",
    });
    expect(matchRoute("GET", "/api/threats/abc")).toMatchObject({ pathParameters: { id: "abc" } });
    expect(matchRoute("GET", "/api/nothing")).toBe("no-route");
    // API Gateway refuses a path it cannot decode; the handler never sees it.
    expect(matchRoute("GET", "/api/threats/%E0%A4%A")).toBe("bad-encoding");
    expect(matchRoute("GET", "/api/threats/%ZZ")).toBe("bad-encoding");
  });
});
