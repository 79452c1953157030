import { DomainError } from "../errors.js";

/** Requests per key per window (docs/public-api.md, "Rate limits"). */
export const API_RATE_LIMIT = { limit: 300, windowSeconds: 60 } as const;

export interface UsageCounter {
  /** Adds one to the window's counter and returns the count after it. */
  hit(key: string, windowStart: number, expiresAt: number): Promise<number>;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy, and what is
 * left of it in this window, on every answer of the public API.
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "ratelimit-policy": `"per-key";q=${state.limit};w=${API_RATE_LIMIT.windowSeconds}`,
    ratelimit: `"per-key";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

export class ApiRateLimitExceeded extends DomainError {
  constructor(readonly state: RateLimitState) {
    super(
      "rate-limited",
      `This API key made more than ${state.limit} requests in ${API_RATE_LIMIT.windowSeconds} seconds; retry after ${state.resetSeconds} s`,
    );
  }
}

/** A fixed window per key, counted by one atomic update per request. */
export class ApiRateLimiter {
  constructor(
    private readonly deps: { counter: UsageCounter; now: () => Date; rule?: { limit: number; windowSeconds: number } },
  ) {}

  async take(keyId: string): Promise<RateLimitState> {
    const { limit, windowSeconds } = this.deps.rule ?? API_RATE_LIMIT;
    const nowSeconds = Math.floor(this.deps.now().getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % windowSeconds);
    const resetSeconds = Math.max(1, windowStart + windowSeconds - nowSeconds);
    const hits = await this.deps.counter.hit(`apikey#${keyId}`, windowStart, windowStart + windowSeconds);
    const state = { limit, remaining: Math.max(0, limit - hits), resetSeconds };
    if (hits > limit) throw new ApiRateLimitExceeded(state);
    return state;
  }
}
