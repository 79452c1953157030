import http from "node:http";
import { BodyTooLargeError, listen, type RunningServer, readBody } from "../aws/http-server.js";
import { loadHandler } from "../lambda/handler-modules.js";
import { lambdaContext } from "../lambda/lambda-context.js";
import type { Outbox } from "../outbox/outbox.js";
import { outboxPage } from "../outbox/outbox-page.js";
import { apiGatewayEvent } from "./api-gateway-event.js";
import { LocalLambdaAuthorizer } from "./lambda-authorizer.js";
import { writeLambdaResult } from "./lambda-result.js";
import { decodePathSegment, matchRoute } from "./route-table.js";
import { serveStatic } from "./static-files.js";

/** API Gateway's payload limit. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/**
 * How long a request may take to arrive, headers and body: a body trickled a byte at a time held a
 * connection (and its handler's turn) open for 95 s and more. API Gateway and CloudFront end such
 * requests in AWS; here the origin does. 30 s carries the largest body (10 MB) over any link the
 * app is used on; the check runs every second so a slow request ends close to its deadline.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;

export interface WebServerOptions {
  port: number;
  distDir: string;
  outbox: Outbox;
  /** What the React app reads from /config.json at runtime. */
  runtimeConfig: () => Record<string, unknown>;
  /** The headers CloudFront's response-headers policy adds in AWS (webSecurityHeaders), for every app response. */
  securityHeaders: () => Record<string, string>;
  /** REQUEST_TIMEOUT_MS unless a test needs a shorter one. */
  requestTimeoutMs?: number;
  /**
   * Whether every service the handlers reach is up. The origin listens first (a taken port fails
   * fast), seconds before the handlers' endpoints exist: until then /api/* answers 503 "starting",
   * not a handler's 500 on its missing environment.
   */
  apiReady?: () => boolean;
  /**
   * The one public origin every link the product sends is built on (APP_URL): a page asked for at
   * another name of this server (127.0.0.1 for localhost) is sent there, as CloudFront answers only
   * its own domain, so the session, the checkout's return and every emailed link share one origin.
   */
  publicOrigin?: () => string | undefined;
}

/** How long a client should wait before asking again while the stack starts. */
const STARTING_RETRY_SECONDS = 1;

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
};

const starting = (res: http.ServerResponse) => {
  res.setHeader("retry-after", String(STARTING_RETRY_SECONDS));
  json(res, 503, { status: "starting" });
};

const isOutbox = (pathname: string) => pathname === "/outbox" || pathname.startsWith("/outbox/");

/**
 * The one origin a browser talks to locally, as CloudFront is in AWS: /api/* through API Gateway
 * events to the same route-group handlers, /config.json, the outbox, and the built web app. What
 * CloudFront serves carries its security headers here too; the outbox is local-only and has none.
 */
export function startWebServer(options: WebServerOptions): Promise<RunningServer> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const timeouts = {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    connectionsCheckingInterval: 1_000,
  };
  const server = http.createServer(timeouts, async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!isOutbox(url.pathname)) {
      for (const [name, value] of Object.entries(options.securityHeaders())) res.setHeader(name, value);
    }
    try {
      const moved = elsewhere(req, url, options.publicOrigin?.());
      if (moved) {
        res.writeHead(308, { location: moved, "cache-control": "no-store" });
        res.end();
        return;
      }
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
        if (options.apiReady && !options.apiReady()) return starting(res);
        return await handleApi(req, res, url);
      }
      if (url.pathname === "/config.json") return json(res, 200, options.runtimeConfig());
      if (url.pathname === "/outbox/api/messages") return json(res, 200, { messages: options.outbox.list() });
      if (url.pathname === "/outbox" || url.pathname === "/outbox/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(outboxPage(options.outbox.list()));
        return;
      }
      if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { message: "Method Not Allowed" });
      serveStatic(res, options.distDir, url.pathname, req.headers["accept-encoding"]);
    } catch (error) {
      console.error(`[web] ${req.method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!res.headersSent) json(res, 500, { message: "Internal Server Error" });
      else res.end();
    }
  });
  return listen(server, options.port);
}

/**
 * Where a page asked for at another name of this server lives: the same path on the public origin.
 * Only page loads move (GET and HEAD outside /api): an API call's body and method would not survive a
 * redirect, and a page loaded at the public origin only calls its own.
 */
function elsewhere(req: http.IncomingMessage, url: URL, publicOrigin: string | undefined): string | null {
  if (!publicOrigin || (req.method !== "GET" && req.method !== "HEAD")) return null;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return null;
  // A malformed path is refused where it was asked for (400 from the static files), not sent on.
  if (decodePathSegment(url.pathname) === null) return null;
  const origin = new URL(publicOrigin);
  if (!req.headers.host || req.headers.host === origin.host) return null;
  return `${origin.origin}${url.pathname}${url.search}`;
}

/** One per process, as API Gateway keeps one authorizer cache per API. */
const apiKeyAuthorizer = new LocalLambdaAuthorizer();

async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const matched = matchRoute(method, url.pathname);
  if (matched === "no-route") return json(res, 404, { message: "Not Found" });
  if (matched === "no-method") return json(res, 405, { message: "Method Not Allowed" });
  if (matched === "bad-encoding") return json(res, 400, { message: "Malformed percent-encoding in the path" });
  let body: Buffer;
  try {
    body = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      res.setHeader("connection", "close");
      return json(res, 413, { message: "Request Entity Too Large" });
    }
    throw error;
  }
  let event = apiGatewayEvent(req, url, body, matched);
  if (matched.route.auth === "api-key") {
    const authorized = await apiKeyAuthorizer.authorize(event);
    // API Gateway's own answers when the authorizer refuses (no problem details: the gateway writes them).
    if (authorized === 401) return json(res, 401, { message: "Unauthorized" });
    if (authorized === 403) return json(res, 403, { message: "Forbidden" });
    event = authorized;
  }
  const handler = await loadHandler(matched.entry);
  const result = await handler(event, lambdaContext(`lg-local-${matched.route.group}`));
  writeLambdaResult(res, result as never);
}
