import { type AnswerSchema, contractMismatch } from "@lg/domain/web-contract-check";
import type { APIGatewayProxyResultV2 } from "aws-lambda";

export const jsonWithCookies = (statusCode: number, body: unknown, cookies: string[]): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json", "cache-control": "no-store" },
  cookies,
  body: JSON.stringify(body),
});

export const redirect = (location: string, cookies: string[] = []): APIGatewayProxyResultV2 => ({
  statusCode: 302,
  headers: { location, "cache-control": "no-store" },
  cookies,
  body: "",
});

/** A JSON document the browser saves as a file instead of showing. */
export const jsonAttachment = (filename: string, body: unknown): APIGatewayProxyResultV2 => ({
  statusCode: 200,
  headers: {
    "content-type": "application/json",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  },
  body: JSON.stringify(body, null, 2),
});

/** Only same-site relative paths: an absolute or protocol-relative `next` would be an open redirect. */
export function safeRelativePath(next: string | undefined, fallback = "/"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return /[\r\n]/.test(next) ? fallback : next;
}

/** A web-contract schema (packages/domain/src/<context>/web-contract.ts): what a route promises the web app. */
/** Tests (vitest sets NODE_ENV "test") check every answer against its route's schema; production sends it unchecked. */
const checksAnswers = () => process.env.NODE_ENV === "test";

/**
 * A successful JSON answer of `route` checked against the contract's schema, so a test fails where a
 * handler's answer drifts from what the web app parses. The answer is sent as it was made, never zod's
 * copy of it, so what tests see is what production sends.
 */
export function checkAnswer(route: string, schema: AnswerSchema, result: APIGatewayProxyResultV2): void {
  if (!checksAnswers() || typeof result !== "object" || !result.body) return;
  const status = result.statusCode ?? 200;
  const type = String(result.headers?.["content-type"] ?? "");
  if (status < 200 || status >= 300 || !type.startsWith("application/json")) return;
  const problems = contractMismatch(schema, JSON.parse(result.body));
  if (problems === undefined) return;
  throw new Error(`${route} answered outside the web contract: ${problems}`);
}
