import type http from "node:http";
import { AwsError } from "./aws-error.js";

/** Sends a restJson1 response; errors carry their type in `x-amzn-errortype`, which the SDK reads. */
export function sendRestJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export function sendRestJsonError(res: http.ServerResponse, error: unknown): void {
  const aws =
    error instanceof AwsError ? error : new AwsError("InternalServerException", (error as Error).message, 500);
  res.writeHead(aws.statusCode, { "content-type": "application/json", "x-amzn-errortype": aws.type });
  res.end(JSON.stringify({ message: aws.message, Message: aws.message }));
}
