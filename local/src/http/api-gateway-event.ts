import { randomUUID } from "node:crypto";
import type http from "node:http";
import { VIEWER_ADDRESS_HEADER } from "@lg/lambdas/shared/http/request";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { MatchedRoute } from "./route-table.js";

const TEXT_TYPES = [/^text\//, /json/, /xml/, /javascript/, /^application\/x-www-form-urlencoded/];

/** API Gateway HTTP APIs pass text bodies as they are and base64-encode everything else. */
export const isTextContent = (contentType: string | undefined) =>
  contentType !== undefined && TEXT_TYPES.some((t) => t.test(contentType.toLowerCase()));

/** Builds the payload-2.0 event API Gateway HTTP API sends to a Lambda integration. */
export function apiGatewayEvent(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  route: MatchedRoute,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "cookie") continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  // The local web server plays CloudFront too: it says who the viewer is, whatever the client claims.
  headers[VIEWER_ADDRESS_HEADER] = sourceAddress(req);
  const cookies = (req.headers.cookie ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter(Boolean);
  const now = new Date();
  const text = isTextContent(headers["content-type"]);
  const query = url.searchParams.size > 0 ? Object.fromEntries(groupQuery(url.searchParams)) : undefined;
  const method = req.method ?? "GET";
  return {
    version: "2.0",
    routeKey: `${route.route.method} ${route.route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ""),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(Object.keys(route.pathParameters).length > 0 ? { pathParameters: route.pathParameters } : {}),
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: (headers.host ?? "localhost").split(".")[0] ?? "localhost",
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: sourceAddress(req),
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: `${route.route.method} ${route.route.path}`,
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: text ? body.toString("utf8") : body.toString("base64") } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
}

const sourceAddress = (req: http.IncomingMessage) => req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1";

/** Repeated query parameters arrive comma-joined, as API Gateway joins them. */
function groupQuery(params: URLSearchParams): Map<string, string> {
  const grouped = new Map<string, string>();
  for (const [key, value] of params) grouped.set(key, grouped.has(key) ? `${grouped.get(key)},${value}` : value);
  return grouped;
}
