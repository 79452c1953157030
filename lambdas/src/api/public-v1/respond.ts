import type { ApiKeyRecord } from "@lg/domain/integrations/api-keys";
import {
  PUBLIC_API_OPERATIONS,
  type PublicOperation,
  type PublicOperationId,
} from "@lg/domain/integrations/public-api-contract";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { requestKey } from "../../shared/http/api-key-guard.js";
import { bodyBytes, header, parseParameters } from "../../shared/http/request.js";
import { json } from "../../shared/http/route-group.js";
import { idempotency } from "../../shared/integrations/services.js";

/** An operation's success answer, checked against the contract's schema: the document never promises what is not sent. */
export const respond = (operation: PublicOperation, body: unknown) =>
  json(operation.success.status, operation.success.schema.parse(body));

/** The operation's path parameters and query, each checked by its contract schema (400 with the first problem). */
export function operationInput<O extends PublicOperation>(operation: O, event: APIGatewayProxyEventV2) {
  return {
    params: operation.params ? parseParameters(event.pathParameters ?? {}, operation.params, "Invalid path") : {},
    query: operation.query ? parseParameters(event.queryStringParameters ?? {}, operation.query, "Invalid query") : {},
  };
}

/** The contract's operation by its id. */
export const op = (id: PublicOperationId): PublicOperation => {
  const found = PUBLIC_API_OPERATIONS.find((o) => o.operationId === id);
  if (!found) throw new Error(`No operation ${id} in the contract`);
  return found;
};

/**
 * A POST of the public API under its Idempotency-Key: the first request runs `execute` and its answer
 * (checked against the operation's schema) is kept, so a retry gets the same answer, with
 * Idempotent-Replayed, and runs nothing. `headersOf` adds headers made from the answer (Location);
 * `sealAnswer` keeps an answer that carries a secret sealed (a webhook's signing secret).
 */
export async function idempotentPost(
  operation: PublicOperation,
  event: APIGatewayProxyEventV2,
  execute: (key: ApiKeyRecord) => Promise<unknown>,
  headersOf: (answer: unknown) => Record<string, string> = () => ({}),
  options: { sealAnswer?: boolean } = {},
) {
  const key = requestKey(event);
  const answer = await idempotency().run(
    { accountId: key.accountId, keyId: key.keyId },
    header(event, "idempotency-key"),
    { method: event.requestContext.http.method, path: event.rawPath, body: bodyBytes(event).toString("utf8") },
    async () => ({
      statusCode: operation.success.status,
      body: JSON.stringify(operation.success.schema.parse(await execute(key))),
    }),
    options,
  );
  return {
    statusCode: answer.statusCode,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...(answer.statusCode < 300 ? headersOf(JSON.parse(answer.body)) : {}),
      ...(answer.replayed ? { "idempotent-replayed": "true" } : {}),
    },
    body: answer.body,
  };
}
