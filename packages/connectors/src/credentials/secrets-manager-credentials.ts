import { GetSecretValueCommand, type SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { CredentialsProvider, SourceCredentials } from "./credentials-provider.js";

/**
 * Reads one JSON secret `{ "<sourceId>": { "<name>": "<value>" } }` (ARN in CONNECTOR_SECRET_ARN)
 * and keeps it for `ttlMs`, so a scan touching many platforms costs one GetSecretValue.
 */
export class SecretsManagerCredentialsProvider implements CredentialsProvider {
  private cached: { at: number; value: Promise<Record<string, SourceCredentials>> } | undefined;

  constructor(
    private readonly client: SecretsManagerClient,
    private readonly secretId: string,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  async forSource(sourceId: string): Promise<SourceCredentials | undefined> {
    return (await this.all())[sourceId];
  }

  private all(): Promise<Record<string, SourceCredentials>> {
    if (!this.cached || Date.now() - this.cached.at > this.ttlMs) {
      const value = this.client
        .send(new GetSecretValueCommand({ SecretId: this.secretId }))
        .then((out) => JSON.parse(out.SecretString ?? "{}") as Record<string, SourceCredentials>);
      value.catch(() => {
        this.cached = undefined;
      });
      this.cached = { at: Date.now(), value };
    }
    return this.cached.value;
  }
}
