import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "@lg/domain/accounts/sessions";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { unauthorized } from "./http-errors.js";
import { header } from "./request.js";
import { authService } from "./services.js";

/** The session cookie's value from API Gateway's `cookies` list or a plain Cookie header. */
export function sessionToken(event: APIGatewayProxyEventV2): string {
  const cookies = event.cookies ?? (header(event, "cookie") ?? "").split(";");
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=");
  }
  return "";
}

export const sessionCookie = (token: string) =>
  `${SESSION_COOKIE}=${token}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_TTL_SECONDS}`;

export const clearedSessionCookie = () => `${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`;

/**
 * Every authenticated route starts here: the caller's user id, or 401 'Unauthorized' (also once
 * the Cognito user behind the session is disabled, deleted or has a new password).
 */
export async function requireUserId(event: APIGatewayProxyEventV2): Promise<string> {
  const userId = await authService().userIdFor(sessionToken(event));
  if (!userId) throw unauthorized();
  return userId;
}
