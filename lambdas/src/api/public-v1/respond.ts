import {
  PUBLIC_API_OPERATIONS,
  type PublicOperation,
  type PublicOperationId,
} from "@lg/domain/integrations/public-api-contract";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { parseParameters } from "../../shared/request.js";
import { json } from "../../shared/route-group.js";

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
