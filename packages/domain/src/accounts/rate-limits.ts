import { createHash } from "node:crypto";
import { DomainError } from "../errors.js";

/** At most `limit` hits per fixed window of `windowSeconds`. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Our own limits, per account (the username as typed, whether or not such an account exists), per
 * account and source address together, and per source address. The tight limits are per account
 * and source, so a stranger's guesses from their address cannot lock the owner out from theirs;
 * per-source limits stop one place from trying many accounts, numbers or demo profiles; the
 * per-account limits are a much higher backstop against guessing one account from many places.
 * docs/architecture.md "Limits" lists them and the way in left when a backstop is spent.
 */
export const RATE_LIMITS = {
  signInPerAccountSource: { limit: 10, windowSeconds: 15 * MINUTE },
  signInPerSource: { limit: 60, windowSeconds: 15 * MINUTE },
  signInPerAccount: { limit: 100, windowSeconds: 15 * MINUTE },
  codePerAccountSource: { limit: 5, windowSeconds: 15 * MINUTE },
  codePerSource: { limit: 60, windowSeconds: 15 * MINUTE },
  codePerAccount: { limit: 20, windowSeconds: 15 * MINUTE },
  resendPerAccountSource: { limit: 3, windowSeconds: HOUR },
  resendPerSource: { limit: 10, windowSeconds: HOUR },
  resendPerAccount: { limit: 10, windowSeconds: HOUR },
  signUpPerSource: { limit: 50, windowSeconds: HOUR },
  smsPerNumber: { limit: 3, windowSeconds: HOUR },
  smsPerSource: { limit: 3, windowSeconds: HOUR },
  demoProfilePerSource: { limit: 20, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** One hit against one rule for one subject (a username, a phone number, an address). */
export interface RateLimitHit {
  rule: RateLimitName;
  subject: string;
}

/** The counter of one key in one window (an item with TTL in the table). */
export interface RateCounterStore {
  /**
   * Adds one to the counter unless it already reached `limit` (one conditional write, so parallel
   * requests cannot all slip under the limit); false when the limit was reached.
   */
  increment(counter: { key: string; windowStart: number; expiresAt: number; limit: number }): Promise<boolean>;
}

/** 429: the message says when to try again and never whether an account exists. */
export class RateLimitExceeded extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    /** The rules that were spent, so a caller can name the way in that is still open. */
    readonly spent: readonly RateLimitName[] = [],
    otherWay = "",
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / MINUTE));
    super("rate-limited", `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}${otherWay}.`);
  }
}

type AttemptKind = "signIn" | "code" | "resend";

/**
 * The three hits of one attempt on one account: the account from this source (the tight limit),
 * this source across accounts, and the account across all sources (the backstop).
 */
export function accountAttemptHits(kind: AttemptKind, account: string, source: string): RateLimitHit[] {
  return [
    { rule: `${kind}PerAccountSource`, subject: `${account.trim().toLowerCase()}\n${source}` },
    { rule: `${kind}PerSource`, subject: source },
    { rule: `${kind}PerAccount`, subject: account },
  ];
}

/** Subjects are hashed: the table never holds who was tried, only how often. */
const counterKey = (hit: RateLimitHit) =>
  `${hit.rule}#${createHash("sha256").update(hit.subject.trim().toLowerCase()).digest("hex")}`;

export class RateLimiter {
  constructor(
    private readonly store: RateCounterStore,
    private readonly now: () => Date,
  ) {}

  /**
   * Counts the hits in order and throws RateLimitExceeded at the first spent rule, counting none
   * after it: a refused request must not spend the later (wider) rules, or one address hammering
   * past its own limit would spend the account's backstop for everyone.
   */
  async consume(...hits: RateLimitHit[]): Promise<void> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    for (const hit of hits) {
      const rule: RateLimitRule = RATE_LIMITS[hit.rule];
      const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
      const windowEnd = windowStart + rule.windowSeconds;
      const counted = await this.store.increment({
        key: counterKey(hit),
        windowStart,
        expiresAt: windowEnd,
        limit: rule.limit,
      });
      if (!counted) throw new RateLimitExceeded(windowEnd - nowSeconds, [hit.rule]);
    }
  }
}
