import { STATUS_CODES } from "node:http";
import type { ApiKeyRecord } from "@lg/domain/integrations/api-keys";
import { ApiRateLimitExceeded, type RateLimitState, rateLimitHeaders } from "@lg/domain/integrations/api-rate-limit";
import { operationFor } from "@lg/domain/integrations/public-api-contract";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from "aws-lambda";
import type { RouteSpec } from "../../api/routes.js";
import { apiKeyService, apiRateLimiter } from "../integrations/services.js";
import { recordUnexpectedError } from "../observability.js";
import { toHttpError } from "./domain-errors.js";
import { forbidden, HttpError, unauthorized } from "./http-errors.js";
import { assertPathIds } from "./request-guards.js";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

interface Admitted {
  key: ApiKeyRecord;
  rate: RateLimitState;
}
const admitted = new WeakMap<APIGatewayProxyEventV2, Admitted>();
const rateStates = new WeakMap<APIGatewayProxyEventV2, RateLimitState>();

/** What the authorizer put in the request: the key it checked (API Gateway's `authorizer.lambda`). */
function authorizedKey(event: APIGatewayProxyEventV2): { keyId: string; accountId: string } | undefined {
  const context = (event.requestContext as { authorizer?: { lambda?: Record<string, unknown> } }).authorizer?.lambda;
  const keyId = context?.keyId;
  const accountId = context?.accountId;
  return typeof keyId === "string" && typeof accountId === "string" ? { keyId, accountId } : undefined;
}

/** The key a public API request was admitted with (after apiKeyGuarded). */
export function requestKey(event: APIGatewayProxyEventV2): ApiKeyRecord {
  const found = admitted.get(event);
  if (!found) throw unauthorized();
  return found.key;
}

/**
 * The public API's checks, in order: the authorizer's key is still live now (revocation and expiry
 * hold from the next request, whatever the authorizer's cache says), it has the operation's scope,
 * and it is within its rate limit.
 */
export const apiKeyGuarded =
  (route: RouteSpec, handler: Handler): Handler =>
  async (event, context) => {
    const operation = operationFor(route.method, route.path);
    const authorized = authorizedKey(event);
    if (!operation || !authorized) throw unauthorized("Send an API key: Authorization: Bearer lg_live_…");
    const key = await apiKeyService().admit(authorized.keyId, authorized.accountId);
    if (!key.scopes.includes(operation.scope))
      throw forbidden(`This API key does not have the ${operation.scope} scope this operation needs`);
    assertPathIds(event);
    try {
      const rate = await apiRateLimiter().take(key.keyId);
      rateStates.set(event, rate);
      admitted.set(event, { key, rate });
    } catch (error) {
      if (error instanceof ApiRateLimitExceeded) rateStates.set(event, error.state);
      throw error;
    }
    return handler(event, context);
  };

/**
 * Errors as RFC 9457 problem details (application/problem+json), and the RateLimit fields on every
 * answer once the key's window is known; a 429 also says Retry-After.
 */
export function withProblemDetails(handler: Handler): Handler {
  return async (event, context) => {
    let result: APIGatewayProxyResultV2;
    try {
      result = await handler(event, context);
    } catch (thrown) {
      result = problemAnswer(event, thrown);
    }
    const rate = rateStates.get(event);
    if (!rate || typeof result !== "object") return result;
    return {
      ...result,
      headers: {
        ...result.headers,
        ...rateLimitHeaders(rate),
        ...(result.statusCode === 429 ? { "retry-after": String(rate.resetSeconds) } : {}),
      },
    };
  };
}

function problemAnswer(event: APIGatewayProxyEventV2, thrown: unknown): APIGatewayProxyResultV2 {
  const error = toHttpError(thrown);
  const status = error instanceof HttpError ? error.statusCode : 500;
  if (!(error instanceof HttpError))
    recordUnexpectedError(error, { route: event.routeKey ?? `${event.requestContext?.http?.method} ${event.rawPath}` });
  const body = {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail: error instanceof HttpError ? error.message : "Internal server error",
    instance: event.rawPath,
  };
  return {
    statusCode: status,
    headers: {
      "content-type": "application/problem+json",
      "cache-control": "no-store",
      ...(error instanceof HttpError ? error.headers : {}),
    },
    body: JSON.stringify(body),
  };
}
