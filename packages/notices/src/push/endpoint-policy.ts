/**
 * Which push services the server will POST to. A subscription's endpoint comes from the browser,
 * so it is attacker-controlled input: without this rule anyone could make the alert path send
 * requests to any URL (SSRF). Only the browser vendors' push services are accepted by default;
 * a deployment (or the local stack, with its push-service stand-in) names its own list instead.
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  // Chrome, Chromium-based browsers, Android
  "https://fcm.googleapis.com",
  "https://android.googleapis.com",
  // Firefox
  "https://updates.push.services.mozilla.com",
  // Safari (macOS 13+, iOS 16.4+)
  "https://web.push.apple.com",
  // Edge (Windows Push Notification Services: wns2-<region>.notify.windows.com)
  "https://*.notify.windows.com",
] as const;

interface OriginRule {
  protocol: string;
  /** Exact host, or the suffix after "*." for a wildcard entry. */
  host: string;
  wildcard: boolean;
  port: string;
}

function parseRule(entry: string): OriginRule {
  const trimmed = entry.trim();
  const wildcard = /^[a-z]+:\/\/\*\./i.test(trimmed);
  const url = new URL(wildcard ? trimmed.replace("://*.", "://") : trimmed);
  if (url.pathname !== "/" || url.search || url.username) {
    throw new Error(`push service origin "${entry}" must be a bare origin like https://push.example.com`);
  }
  return { protocol: url.protocol, host: url.hostname.toLowerCase(), wildcard, port: url.port };
}

export class PushEndpointPolicy {
  private readonly rules: OriginRule[];

  constructor(readonly origins: readonly string[] = DEFAULT_PUSH_SERVICE_ORIGINS) {
    this.rules = origins.map(parseRule);
  }

  /** `PUSH_SERVICE_ORIGINS` (comma-separated) when set, else the browser vendors' push services. */
  static fromList(list: string | undefined): PushEndpointPolicy {
    const entries = (list ?? "").split(",").filter((e) => e.trim() !== "");
    return new PushEndpointPolicy(entries.length > 0 ? entries : DEFAULT_PUSH_SERVICE_ORIGINS);
  }

  /** Why the endpoint is refused, or undefined when it is a push service this deployment sends to. */
  refusal(endpoint: string): string | undefined {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return "endpoint must be a URL";
    }
    if (url.username || url.password) return "endpoint must not carry credentials";
    const host = url.hostname.toLowerCase();
    const allowed = this.rules.some(
      (rule) =>
        rule.protocol === url.protocol &&
        rule.port === url.port &&
        (rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host),
    );
    if (allowed) return undefined;
    if (url.protocol !== "https:") return "endpoint must be an https URL";
    return `endpoint ${url.origin} is not a push service this app sends to`;
  }

  /** Hosts exempt from the public-address rule: only ones named explicitly (the local stand-in). */
  explicitHosts(): string[] {
    return this.rules.filter((r) => !r.wildcard).map((r) => (r.port ? `${r.host}:${r.port}` : r.host));
  }
}
