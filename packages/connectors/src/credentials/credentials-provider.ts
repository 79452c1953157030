/** Per-source secrets (API keys, bearer tokens, OAuth client credentials), by source id. */
export type SourceCredentials = Record<string, string>;

export interface CredentialsProvider {
  /** The credentials configured for a source, or undefined when there are none. */
  forSource(sourceId: string): Promise<SourceCredentials | undefined>;
}

/** Credentials held in memory, e.g. parsed from the `CONNECTOR_CREDENTIALS` JSON locally. */
export class StaticCredentialsProvider implements CredentialsProvider {
  constructor(private readonly bySource: Record<string, SourceCredentials>) {}

  async forSource(sourceId: string): Promise<SourceCredentials | undefined> {
    return this.bySource[sourceId];
  }

  static fromJson(json: string | undefined): StaticCredentialsProvider {
    return new StaticCredentialsProvider(json ? (JSON.parse(json) as Record<string, SourceCredentials>) : {});
  }
}
