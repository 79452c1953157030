import { DynamoApiKeys } from "@lg/domain/integrations/adapters/dynamo-api-keys";
import { ApiKeyService } from "@lg/domain/integrations/api-keys";
import { ApiRateLimiter } from "@lg/domain/integrations/api-rate-limit";
import { Idempotency } from "@lg/domain/integrations/idempotency";
import { auditLog } from "../accounts/team-services.js";
import { dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";
import { idempotentAnswerSealer } from "./secret-sealers.js";

/**
 * API keys (docs/public-api.md): the keys themselves, their per-key rate limit and idempotent POSTs.
 * Imports only the team context (the audit log), so the authorizer loads nothing else.
 */
const now = () => new Date();
const store = once(() => new DynamoApiKeys(dynamo, env().TABLE_NAME));

export const apiKeyService = once(() => new ApiKeyService({ store: store(), audit: auditLog(), now }));
export const apiRateLimiter = once(() => new ApiRateLimiter({ counter: store(), now }));
// Answers are sealed only when they carry a secret, so the sealer (and KMS) is reached only then.
export const idempotency = once(
  () =>
    new Idempotency({
      store: store(),
      now,
      answers: {
        seal: (owner, value) => idempotentAnswerSealer().seal(owner, value),
        open: (owner, value) => idempotentAnswerSealer().open(owner, value),
      },
    }),
);
