import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "@lg/domain/accounts/sessions";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { accountIdFor } from "./actor.js";
import { sessionToken } from "./session-token.js";

export { sessionToken };

export const sessionCookie = (token: string) =>
  `${SESSION_COOKIE}=${token}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_TTL_SECONDS}`;

export const clearedSessionCookie = () => `${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`;

/**
 * Every authenticated route starts here: the account the request acts on (the caller's own, or the
 * team's they joined: the route guard has checked their role), or 401 'Unauthorized' (also once
 * the Cognito user behind the session is disabled, deleted or has a new password).
 */
export async function requireUserId(event: APIGatewayProxyEventV2): Promise<string> {
  return accountIdFor(event);
}
