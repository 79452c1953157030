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
