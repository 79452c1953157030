import { SESSION_COOKIE } from "@lg/domain/accounts/sessions";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { header } from "./request.js";

/** The session cookie's value from API Gateway's `cookies` list or a plain Cookie header. */
export function sessionToken(event: APIGatewayProxyEventV2): string {
  const cookies = event.cookies ?? (header(event, "cookie") ?? "").split(";");
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=");
  }
  return "";
}
