import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchRefusedError, ResponseTooLargeError } from "../../../packages/connectors/src/errors.js";
import { isPublicAddress } from "../../../packages/connectors/src/http/address-policy.js";
import type { Clock } from "../../../packages/connectors/src/http/rate-limiter.js";
import { HostRateLimiter } from "../../../packages/connectors/src/http/rate-limiter.js";
import { SafeHttpClient } from "../../../packages/connectors/src/http/safe-http-client.js";

let server: http.Server;
let local: string;
let hits: Record<string, number> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === "/to-metadata")
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/to-self") return res.writeHead(301, { location: "/ok" }).end();
    if (path === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (path === "/big") return res.writeHead(200).end(Buffer.alloc(5000));
    if (path === "/busy" && hits[path] === 1) return res.writeHead(429, { "retry-after": "2" }).end();
    if (path === "/down") return res.writeHead(503).end();
    res.writeHead(200, { "content-type": "text/plain" }).end(`ok ${req.headers.host}`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  local = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sleeps are recorded, not waited, so backoff and rate limits are checked without delay. */
function recordingClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    now += ms;
  };
  return { sleeps, now: () => now, sleep };
}

const publicLookup = async () => [{ address: "93.184.215.14", family: 4 }];

describe("SSRF refusals", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "ff02::1",
    "::",
  ])("treats %s as non-public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it("accepts public unicast addresses", () => {
    expect(isPublicAddress("93.184.215.14")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1:248:1893:25c8:1946")).toBe(true);
  });

  it("refuses loopback unless the host is allowlisted", async () => {
    await expect(new SafeHttpClient().request(`http://${local}/ok`)).rejects.toBeInstanceOf(FetchRefusedError);
    const allowed = new SafeHttpClient({ allowedHosts: [local] });
    expect((await allowed.getText(`http://${local}/ok`)).startsWith("ok")).toBe(true);
  });

  it("refuses a name whose DNS answers include a private address (rebinding)", async () => {
    const client = new SafeHttpClient({
      lookup: async () => [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
    });
    await expect(client.request("http://rebind.example/")).rejects.toThrow(/non-public address 10\.0\.0\.5/);
  });

  it("refuses non-http schemes and URLs with credentials", async () => {
    const client = new SafeHttpClient({ lookup: publicLookup });
    await expect(client.request("file:///etc/passwd")).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(client.request("http://user:pw@example.com/")).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it("applies the same checks to redirects: a redirect to cloud metadata is refused", async () => {
    const client = new SafeHttpClient({ allowedHosts: [local] });
    await expect(client.request(`http://${local}/to-metadata`)).rejects.toThrow(/169\.254\.169\.254/);
    expect((await client.getText(`http://${local}/to-self`)).startsWith("ok")).toBe(true);
    await expect(client.request(`http://${local}/loop`)).rejects.toThrow(/Too many redirects/);
  });

  it("refuses .onion hosts when no SOCKS proxy is configured", async () => {
    await expect(new SafeHttpClient().request("http://exampleonionaddress.onion/")).rejects.toThrow(/SOCKS5 proxy/);
  });
});

describe("limits, retries and rate limits", () => {
  it("aborts bodies over the size cap", async () => {
    const client = new SafeHttpClient({ allowedHosts: [local], maxBytes: 1000 });
    await expect(client.request(`http://${local}/big`)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("retries 429 after the server's Retry-After", async () => {
    hits = {};
    const clock = recordingClock();
    const client = new SafeHttpClient({
      allowedHosts: [local],
      clock,
      random: () => 0,
      backoff: { retries: 3, baseDelayMs: 100, maxDelayMs: 10_000 },
    });
    const response = await client.request(`http://${local}/busy`);
    expect(response.status).toBe(200);
    expect(clock.sleeps).toEqual([2000]);
  });

  it("backs off exponentially on 5xx and gives up after the configured retries", async () => {
    hits = {};
    const clock = recordingClock();
    const client = new SafeHttpClient({
      allowedHosts: [local],
      clock,
      random: () => 1,
      backoff: { retries: 3, baseDelayMs: 100, maxDelayMs: 10_000 },
    });
    expect((await client.request(`http://${local}/down`)).status).toBe(503);
    expect(hits["/down"]).toBe(4);
    expect(clock.sleeps).toEqual([100, 200, 400]);
  });

  it("spaces requests to one host by its token bucket, leaving other hosts alone", async () => {
    const clock = recordingClock();
    const limiter = new HostRateLimiter(
      (host) => (host === "slow" ? { burst: 2, perSecond: 10 } : { burst: 100, perSecond: 100 }),
      clock,
    );
    for (let i = 0; i < 4; i++) await limiter.take("slow");
    for (let i = 0; i < 4; i++) await limiter.take("fast");
    expect(clock.sleeps).toEqual([100, 100]);
  });
});

describe("SOCKS5 proxy path", () => {
  it("reaches a .onion host through the proxy, which resolves the name", async () => {
    const asked: string[] = [];
    const proxy = net.createServer((client) => {
      client.once("data", () => {
        client.write(Buffer.from([0x05, 0x00]));
        client.once("data", (req) => {
          const length = req[4]!;
          asked.push(req.subarray(5, 5 + length).toString());
          const [, port] = local.split(":");
          const upstream = net.connect(Number(port), "127.0.0.1", () => {
            client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0, 0]));
            client.pipe(upstream).pipe(client);
          });
        });
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    try {
      const client = new SafeHttpClient({ socksProxy: `socks5h://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
      const text = await client.getText("http://hiddenservicexyz.onion/ok");
      expect(text).toBe("ok hiddenservicexyz.onion");
      expect(asked).toEqual(["hiddenservicexyz.onion"]);
    } finally {
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });
});
