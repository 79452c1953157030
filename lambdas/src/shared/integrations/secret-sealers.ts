import { KmsDataKeys } from "@lg/domain/biometrics/adapters/kms-data-keys";
import { SEALED_PURPOSES, SecretSealer } from "@lg/domain/integrations/sealed-secrets";
import { kms } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * Data keys from the webhook secrets' KMS key (lib/constructs/webhook-secrets-key.ts), for the two
 * things the integrations seal at rest: signing secrets and the API answers that carried one.
 */
const dataKeys = once(() => {
  const keyId = env().WEBHOOK_SECRETS_KEY_ID;
  if (!keyId) throw new Error("Invalid environment: WEBHOOK_SECRETS_KEY_ID");
  return new KmsDataKeys(kms, keyId);
});

export const webhookSecretSealer = once(() => new SecretSealer(dataKeys(), SEALED_PURPOSES.webhookSecret));
export const idempotentAnswerSealer = once(() => new SecretSealer(dataKeys(), SEALED_PURPOSES.idempotentAnswer));
