import type http from "node:http";
import type { APIGatewayProxyResultV2 } from "aws-lambda";

/**
 * Writes a handler's result as API Gateway would: a structured result as given, anything else as a
 * 200 JSON body (payload 2.0's inference), and `cookies` as separate Set-Cookie headers.
 */
export function writeLambdaResult(res: http.ServerResponse, result: APIGatewayProxyResultV2 | undefined): void {
  if (result === undefined || typeof result === "string" || !("statusCode" in result)) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(typeof result === "string" ? result : JSON.stringify(result ?? null));
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies && result.cookies.length > 0) headers["set-cookie"] = result.cookies;
  const body = result.body ?? "";
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.isBase64Encoded ? Buffer.from(body, "base64") : body);
}
