import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from "aws-lambda";
import { apiKeyService } from "../../shared/integrations/services.js";

export interface KeyContext {
  keyId: string;
  accountId: string;
}

/**
 * The public API's Lambda authorizer (HTTP API, simple responses, cached per Authorization header:
 * routes.ts API_KEY_AUTHORIZER): a live key of ours lets the request through with its key and
 * organisation; anything else is refused before any handler runs.
 */
export const handler = async (
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<KeyContext | Record<string, never>>> => {
  const header = event.headers?.authorization ?? event.identitySource?.[0] ?? "";
  const secret = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1];
  const key = secret ? await apiKeyService().authenticate(secret) : null;
  return key
    ? { isAuthorized: true, context: { keyId: key.keyId, accountId: key.accountId } }
    : { isAuthorized: false, context: {} };
};
