export interface BackoffPolicy {
  /** Attempts after the first one. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultBackoff: BackoffPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** Exponential backoff with full jitter; a server's Retry-After wins when it asks for longer. */
export function retryDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  retryAfter: string | undefined,
  now: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = exponential / 2 + random() * (exponential / 2);
  const asked = parseRetryAfter(retryAfter, now);
  return asked === undefined ? jittered : Math.min(policy.maxDelayMs, Math.max(asked, jittered));
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
