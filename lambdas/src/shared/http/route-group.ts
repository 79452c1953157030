import middy from "@middy/core";
import httpRouterHandler, { type Route } from "@middy/http-router";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from "aws-lambda";
import { ruleFor } from "../../api/route-permissions.js";
import { ROUTES, type RouteGroup, type RouteSpec } from "../../api/routes.js";
import { recordUnexpectedError, withObservability } from "../observability.js";
import { authorize } from "./actor.js";
import { toHttpError } from "./domain-errors.js";
import { HttpError } from "./http-errors.js";
import { assertPathIds, assertSameOrigin } from "./request-guards.js";
import { checkAnswer } from "./responses.js";

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

const json = (statusCode: number, body: unknown): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json", "cache-control": "no-store" },
  body: JSON.stringify(body),
});

/** A binary body (API Gateway passes it base64-encoded); private: it is one person's data. */
const binary = (statusCode: number, bytes: Uint8Array, contentType: string): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { "content-type": contentType, "cache-control": "private, max-age=300" },
  body: Buffer.from(bytes).toString("base64"),
  isBase64Encoded: true,
});

/** Maps thrown errors to the spec's error format: a JSON body with `message`, status from HttpError. */
export function withErrorMapping(handler: ApiHandler): ApiHandler {
  return async (event, context) => {
    try {
      return await handler(event, context);
    } catch (thrown) {
      const error = toHttpError(thrown);
      if (error instanceof HttpError) {
        const body = { message: error.message, ...(error.details ? { details: error.details } : {}) };
        return {
          statusCode: error.statusCode,
          headers: { "content-type": "application/json", "cache-control": "no-store", ...error.headers },
          body: JSON.stringify(body),
        };
      }
      // Unexpected: the error type and message only (never bodies, which may hold biometrics).
      recordUnexpectedError(error, {
        route: event.routeKey ?? `${event.requestContext?.http?.method} ${event.rawPath}`,
      });
      return json(500, { message: "Internal server error" });
    }
  };
}

/** A route whose table entry names its answer's schema has each successful answer checked in tests (responses.ts). */
const answering =
  (route: RouteSpec, handler: ApiHandler): ApiHandler =>
  async (event, context) => {
    const result = await handler(event, context);
    if (route.answer) checkAnswer(`${route.method} ${route.path}`, route.answer, result);
    return result;
  };

const notImplemented =
  (method: string, path: string): ApiHandler =>
  async () =>
    json(501, { message: `${method} ${path} is not implemented yet` });

/**
 * Checks every route shares: the request comes from the app's own origin, path ids are bounded,
 * and the caller's role on the account allows the route (route-permissions.ts, the one place).
 */
const guarded =
  (route: RouteSpec, handler: ApiHandler): ApiHandler =>
  async (event, context) => {
    assertSameOrigin(event);
    assertPathIds(event);
    await authorize(event, ruleFor(route.group, route.method, route.path));
    return handler(event, context);
  };

/** A route of the app: session and role checked, errors as `{message}`. */
export const sessionRoute = (route: RouteSpec, handler: ApiHandler): ApiHandler =>
  withErrorMapping(guarded(route, handler));

/**
 * One Lambda per route group: routes of the group come from ROUTES; a route whose handler has not
 * landed yet answers 501 so the API surface is complete and honest about what works.
 */
export function createRouteGroup(
  group: RouteGroup,
  handlers: Partial<Record<string, ApiHandler>>,
  /** How a route is checked and its errors answered; the public API's key routes bring their own. */
  wrap: (route: RouteSpec, handler: ApiHandler) => ApiHandler = sessionRoute,
) {
  const routes: Route<APIGatewayProxyEventV2, APIGatewayProxyResultV2>[] = ROUTES.filter((r) => r.group === group).map(
    (r) => ({
      method: r.method,
      path: r.path,
      handler: wrap(r, answering(r, handlers[`${r.method} ${r.path}`] ?? notImplemented(r.method, r.path))) as never,
    }),
  );
  return withObservability(
    middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>().handler(
      httpRouterHandler(routes as never) as never,
    ),
  );
}

export { binary, json };
