import http from "node:http";
import net from "node:net";
import tls from "node:tls";
import { FetchRefusedError, HttpStatusError, ResponseTooLargeError } from "../errors.js";
import { HostAllowlist } from "./address-policy.js";
import { type BackoffPolicy, defaultBackoff, isRetryableStatus, retryDelayMs } from "./backoff.js";
import { type Clock, HostRateLimiter, type RateLimit, systemClock } from "./rate-limiter.js";
import { type ConnectTarget, type Lookup, resolveTarget, systemLookup } from "./resolve-target.js";
import { parseSocksProxy, type SocksProxy, socks5Connect } from "./socks5.js";

export interface SafeHttpOptions {
  /** `host` or `host:port` entries exempt from the public-address rule (e.g. the local simulator). */
  allowedHosts?: Iterable<string>;
  /** `socks5h://host:port`, used only for `.onion` hosts. */
  socksProxy?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  backoff?: BackoffPolicy;
  rateLimit?: (host: string) => RateLimit;
  clock?: Clock;
  lookup?: Lookup;
  userAgent?: string;
  random?: () => number;
}

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** The final URL after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const defaultRateLimit: RateLimit = { burst: 5, perSecond: 5 };

/**
 * The only way connectors reach the network: SSRF-safe (address policy after DNS, pinned IP,
 * same checks on every redirect), bounded (size, time, redirects), polite (per-host token
 * bucket) and patient (exponential backoff with jitter on 429/5xx, honouring Retry-After).
 */
export class SafeHttpClient {
  private readonly allowlist: HostAllowlist;
  private readonly proxy: SocksProxy | undefined;
  private readonly limiter: HostRateLimiter;
  private readonly clock: Clock;
  private readonly lookup: Lookup;

  constructor(private readonly options: SafeHttpOptions = {}) {
    this.allowlist = new HostAllowlist(options.allowedHosts ?? []);
    this.proxy = options.socksProxy ? parseSocksProxy(options.socksProxy) : undefined;
    this.clock = options.clock ?? systemClock;
    this.limiter = new HostRateLimiter(options.rateLimit ?? (() => defaultRateLimit), this.clock);
    this.lookup = options.lookup ?? systemLookup;
  }

  /** Returns the final response whatever its status; use `ok`-checking helpers for 2xx-only. */
  async request(input: string, init: HttpRequest = {}): Promise<HttpResponse> {
    let url = new URL(input);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    let headers = { ...init.headers };
    const maxRedirects = this.options.maxRedirects ?? 5;
    for (let hop = 0; ; hop++) {
      const response = await this.withRetries(url, { ...init, method, body, headers });
      const location = response.headers.location;
      if (!redirectStatuses.has(response.status) || !location) return response;
      if (hop >= maxRedirects) throw new FetchRefusedError(`Too many redirects from ${input}`);
      const next = new URL(location, url);
      // Credentials are for the origin that was asked, never for wherever it redirects.
      if (next.origin !== url.origin) headers = withoutAuth(headers);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      url = next;
    }
  }

  async getJson<T = unknown>(url: string, init: HttpRequest = {}): Promise<T> {
    const response = await this.expectOk(url, { ...init, headers: { accept: "application/json", ...init.headers } });
    return JSON.parse(response.body.toString("utf8")) as T;
  }

  async getText(url: string, init: HttpRequest = {}): Promise<string> {
    return (await this.expectOk(url, init)).body.toString("utf8");
  }

  async expectOk(url: string, init: HttpRequest = {}): Promise<HttpResponse> {
    const response = await this.request(url, init);
    if (response.status < 200 || response.status > 299) throw new HttpStatusError(response.status, response.url);
    return response;
  }

  private async withRetries(url: URL, init: HttpRequest): Promise<HttpResponse> {
    const policy = this.options.backoff ?? defaultBackoff;
    for (let attempt = 0; ; attempt++) {
      let response: HttpResponse | undefined;
      try {
        response = await this.once(url, init);
      } catch (error) {
        if (!isTransient(error) || attempt >= policy.retries || init.signal?.aborted) throw error;
      }
      if (response && (!isRetryableStatus(response.status) || attempt >= policy.retries)) return response;
      const delay = retryDelayMs(
        attempt,
        policy,
        response?.headers["retry-after"],
        this.clock.now(),
        this.options.random,
      );
      await this.clock.sleep(delay, init.signal);
    }
  }

  private async once(url: URL, init: HttpRequest): Promise<HttpResponse> {
    const target = await resolveTarget(url, {
      allowlist: this.allowlist,
      lookup: this.lookup,
      hasSocksProxy: !!this.proxy,
    });
    await this.limiter.take(url.host, init.signal);
    const timeoutMs = init.timeoutMs ?? this.options.timeoutMs ?? 20_000;
    const maxBytes = init.maxBytes ?? this.options.maxBytes ?? 25 * 1024 * 1024;
    const signals = [AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])];
    const signal = AbortSignal.any(signals);
    const body = typeof init.body === "string" ? Buffer.from(init.body) : init.body;
    const headers: Record<string, string> = {
      "user-agent": this.options.userAgent ?? "LikenessGuard-Scanner/1.0 (+https://likenessguard.example/bot)",
      "accept-encoding": "identity",
      ...init.headers,
      ...(body ? { "content-length": String(body.byteLength) } : {}),
    };
    return new Promise<HttpResponse>((resolve, reject) => {
      const request = http.request({
        method: init.method ?? "GET",
        host: url.hostname.replace(/^\[|\]$/g, ""),
        port: target.port,
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, ...headers },
        signal,
        createConnection: (_options, callback) => {
          this.openSocket(url, target, timeoutMs).then(
            (socket) => callback(null, socket),
            (error: Error) => callback(error, undefined as unknown as net.Socket),
          );
          return undefined;
        },
      });
      request.on("error", (error) => reject(signal.aborted && !init.signal?.aborted ? timeoutError(url) : error));
      request.on("response", (message) => {
        const declared = Number(message.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          request.destroy();
          return reject(new ResponseTooLargeError(`${url.href} declares ${declared} bytes (cap ${maxBytes})`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        message.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            return reject(new ResponseTooLargeError(`${url.href} exceeded ${maxBytes} bytes`));
          }
          chunks.push(chunk);
        });
        message.on("error", reject);
        message.on("end", () =>
          resolve({
            status: message.statusCode ?? 0,
            url: url.href,
            headers: flatten(message.headers),
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.end(body);
    });
  }

  private async openSocket(url: URL, target: ConnectTarget, timeoutMs: number): Promise<net.Socket> {
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    const raw =
      target.kind === "socks" && this.proxy
        ? await socks5Connect(this.proxy, hostname, target.port, timeoutMs)
        : target.kind === "direct"
          ? net.connect({ host: target.address, port: target.port })
          : undefined;
    if (!raw) throw new FetchRefusedError("No route for target");
    if (url.protocol !== "https:") return raw;
    return tls.connect({
      socket: raw,
      servername: net.isIP(hostname) ? undefined : hostname,
      ALPNProtocols: ["http/1.1"],
    });
  }
}

function withoutAuth(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([k]) => !["authorization", "cookie"].includes(k.toLowerCase())),
  );
}

function flatten(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function isTransient(error: unknown): boolean {
  return !(error instanceof FetchRefusedError || error instanceof ResponseTooLargeError);
}

function timeoutError(url: URL): Error {
  return new Error(`Request to ${url.href} timed out`);
}
