import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { env } from "./env.js";
import { forbidden } from "./http-errors.js";
import { entityId, header, parseParameters } from "./request.js";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PATH_ID = entityId("The id in the path");

/**
 * CSRF: a state-changing request must come from the app's own origin. Browsers say where a request
 * comes from in Sec-Fetch-Site (all current ones) and Origin (on every cross-origin POST, PUT and
 * DELETE); a request that carries neither did not come from a page, so no page can forge it.
 * "The app's own origin" is APP_URL or the host the request was sent to: the local stack answers
 * on localhost and 127.0.0.1 alike, and a page on either calls /api on its own origin. (Through
 * CloudFront the Host is the API's own, so there only APP_URL's origin matches.)
 */
export function assertSameOrigin(event: APIGatewayProxyEventV2, appOrigin = new URL(env().APP_URL).origin): void {
  const method = event.requestContext?.http?.method ?? "GET";
  if (!STATE_CHANGING.has(method.toUpperCase())) return;
  const site = header(event, "sec-fetch-site")?.trim().toLowerCase();
  const origin = header(event, "origin")?.trim();
  const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
  const foreignOrigin = origin !== undefined && origin !== appOrigin && !isRequestHost(origin, header(event, "host"));
  if (crossSite || foreignOrigin) {
    throw forbidden("Cross-site request refused: this action can only be taken from LikenessGuard itself");
  }
}

function isRequestHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host.trim().toLowerCase();
  } catch {
    return false; // "null" and other opaque origins are never ours
  }
}

/** Every {id} in a path is bounded like the ids we issue, so no lookup sees an oversized key. */
export function assertPathIds(event: APIGatewayProxyEventV2): void {
  for (const value of Object.values(event.pathParameters ?? {})) {
    parseParameters(value ?? "", PATH_ID, "Invalid id in the path");
  }
}
