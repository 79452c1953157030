import type { Sealer } from "./sealed-secrets.js";
import type { WebhookEndpointRecord } from "./webhooks.js";

type StoredSecrets = WebhookEndpointRecord["secrets"];

/** The migration's view of the table: endpoints that still keep a secret in the clear, and conditional writes. */
export interface EndpointsWithKeptSecrets {
  withKeptSecrets(): AsyncIterable<WebhookEndpointRecord>;
  /**
   * Writes `secrets` over the endpoint's only while every secret `before` kept in the clear is still
   * stored as it was (a rotation meanwhile wins; the next run seals what it left); false otherwise.
   */
  replaceKeptSecrets(before: WebhookEndpointRecord, secrets: StoredSecrets): Promise<boolean>;
}

/**
 * Seals every webhook signing secret stored before secrets were sealed at rest (after deploy, issue
 * 38): each under a data key of its own, as a new one is, the clear copy removed in the same write.
 * Idempotent: a sealed secret is left as it is; a failure is reported and the next run retries it.
 */
export async function sealKeptWebhookSecrets(
  endpoints: EndpointsWithKeptSecrets,
  sealer: Sealer,
  onFailure: (endpointId: string, error: unknown) => void,
): Promise<{ sealed: number; changedMeanwhile: number; failed: number }> {
  const outcome = { sealed: 0, changedMeanwhile: 0, failed: 0 };
  for await (const endpoint of endpoints.withKeptSecrets()) {
    try {
      const owner = { accountId: endpoint.accountId, endpointId: endpoint.endpointId };
      const secrets = await Promise.all(
        endpoint.secrets.map(async ({ secret, ...rest }) =>
          secret === undefined ? rest : { ...rest, ...(await sealer.seal(owner, secret)) },
        ),
      );
      if (await endpoints.replaceKeptSecrets(endpoint, secrets)) outcome.sealed += 1;
      else outcome.changedMeanwhile += 1;
    } catch (error) {
      outcome.failed += 1;
      onFailure(endpoint.endpointId, error);
    }
  }
  return outcome;
}
