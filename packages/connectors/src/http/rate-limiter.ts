export interface RateLimit {
  /** Requests allowed in a burst. */
  burst: number;
  /** Tokens added per second. */
  perSecond: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

interface Bucket {
  tokens: number;
  updatedAt: number;
  /** Serialises waiters so a burst of callers is spread out, not released together. */
  queue: Promise<void>;
}

/** Token bucket per host, so one platform's limits never slow another's requests. */
export class HostRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limitFor: (host: string) => RateLimit,
    private readonly clock: Clock = systemClock,
  ) {}

  take(host: string, signal?: AbortSignal): Promise<void> {
    const limit = this.limitFor(host);
    let bucket = this.buckets.get(host);
    if (!bucket) {
      bucket = { tokens: limit.burst, updatedAt: this.clock.now(), queue: Promise.resolve() };
      this.buckets.set(host, bucket);
    }
    const b = bucket;
    const turn = b.queue.then(async () => {
      this.refill(b, limit);
      if (b.tokens < 1) {
        await this.clock.sleep(Math.ceil(((1 - b.tokens) / limit.perSecond) * 1000), signal);
        this.refill(b, limit);
      }
      b.tokens -= 1;
    });
    b.queue = turn.catch(() => undefined);
    return turn;
  }

  private refill(bucket: Bucket, limit: RateLimit): void {
    const now = this.clock.now();
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.perSecond);
    bucket.updatedAt = now;
  }
}
