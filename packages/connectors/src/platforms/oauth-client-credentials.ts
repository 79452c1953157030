import type { SafeHttpClient } from "../http/safe-http-client.js";

interface TokenResponse {
  access_token: string;
  expires_in?: number;
}

/** OAuth 2 client-credentials token, fetched once and reused until shortly before it expires. */
export class ClientCredentialsToken {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly http: SafeHttpClient,
    private readonly request: () => Promise<{ url: string; headers: Record<string, string>; body: string }>,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const { url, headers, body } = await this.request();
    const response = await this.http.expectOk(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...headers },
      body,
    });
    const parsed = JSON.parse(response.body.toString("utf8")) as TokenResponse;
    this.token = { value: parsed.access_token, expiresAt: Date.now() + (parsed.expires_in ?? 3600) * 1000 };
    return parsed.access_token;
  }
}
