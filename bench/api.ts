/**
 * The public API under load (issue 38): starts the local stack, gives an Enterprise organisation
 * 2,000 threats and 20 API keys, then runs 50 concurrent API clients (each with one of the keys, as
 * separate integrations would) that list threats and get one, and meanwhile records threats one at
 * a time and times each threat.created from the moment a scan's Finish would publish it to the
 * moment a webhook receiver on this machine has it (through the SQS stand-in and the delivery consumer).
 *
 *   npm run bench:api -- --clients 50 --requests 20 --events 50 --out docs/benchmarks/api.json
 *
 * Goals: no errors; webhook delivery p95 under 5 s locally. Each key allows 300 requests a minute,
 * so 50 clients share 20 keys and stay under it: a 429 would be counted as an error.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startLocalStack } from "../local/src/stack.js";
import { seedThreats } from "../test/support/threat-seed.js";
import { localTable, storeEnterprise } from "./local-table.js";
import { benchMachine } from "./machine.js";
import { benchSignUp } from "./sign-up.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    requests: { type: "string", default: "20" },
    events: { type: "string", default: "50" },
    threats: { type: "string", default: "2000" },
    out: { type: "string" },
  },
});
const CLIENTS = Number(values.clients);
const REQUESTS = Number(values.requests);
const EVENTS = Number(values.events);
const THREATS = Number(values.threats);
const KEYS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);
};
const summary = (ms: number[]) => ({ count: ms.length, p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95) });

/** When each threat.created reached the receiver, by threat id. */
const arrivals = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = performance.now();
    const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; data: { id?: string } };
    if (event.type === "threat.created" && event.data.id && !arrivals.has(event.data.id))
      arrivals.set(event.data.id, at);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));

const dataDir = mkdtempSync(path.join(tmpdir(), "lg-bench-api-"));
const stack = await startLocalStack({ dataDir, port: 0, mediaDir: path.join(dataDir, "no-media"), taskWorkers: 0 });

try {
  const { env } = stack;
  // The same publishing a scan's Finish step runs, in this process, against the stack.
  Object.assign(process.env, env);
  const { publishScanEvents } = await import("../lambdas/src/shared/scanning/scan-events.js");
  const doc = localTable(env);
  const owner = await benchSignUp(stack.url, "bench-api");
  // Enterprise: 20 keys with any scope.
  await storeEnterprise(doc, env.TABLE_NAME ?? "", owner.userId);
  await seedThreats(doc, env.TABLE_NAME ?? "", owner.userId, { count: THREATS, batch: 500 });
  const settings = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${stack.url}${route}`, {
      method,
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const keys: string[] = [];
  for (let k = 0; k < KEYS; k++)
    keys.push(
      (
        (await settings("POST", "/api/api-keys", { name: `bench ${k}`, scopes: ["threats:read"] })) as {
          secret: string;
        }
      ).secret,
    );
  await settings("POST", "/api/webhooks", {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    events: ["threat.created"],
  });

  const call = async (key: string, route: string) => {
    const started = performance.now();
    const res = await fetch(`${stack.url}/api/v1${route}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { data?: { id: string }[] };
    return { ms: performance.now() - started, status: res.status, body };
  };
  const first = await call(keys[0] as string, "/threats?limit=100");
  const ids = (first.body.data ?? []).map((t) => t.id);
  if (ids.length === 0) throw new Error(`No threats listed: ${first.status}`);

  const loadBefore = loadavg()[0];
  const list: number[] = [];
  const get: number[] = [];
  const errors: { route: string; status: number }[] = [];
  const client = async (n: number) => {
    const key = keys[n % KEYS] as string;
    for (let r = 0; r < REQUESTS; r++) {
      const route = r % 2 === 0 ? "/threats?limit=25" : `/threats/${ids[(n * REQUESTS + r) % ids.length]}`;
      const answer = await call(key, route);
      if (answer.status !== 200) errors.push({ route, status: answer.status });
      else (r % 2 === 0 ? list : get).push(answer.ms);
    }
  };
  // Threats recorded one at a time while the clients run: each published as Finish would.
  const published = new Map<string, number>();
  const recordThreats = async () => {
    for (let e = 0; e < EVENTS; e++) {
      const threatId = ids[e % ids.length] as string;
      published.set(threatId, performance.now());
      await publishScanEvents(
        owner.userId,
        {
          scanId: `bench-${e}`,
          status: "succeeded",
          trigger: "scheduled",
          itemsScanned: 1,
          threatsFound: 1,
          startedAt: new Date().toISOString(),
        },
        [threatId],
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), recordThreats()]);
  const loadSeconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 60_000;
  while (arrivals.size < published.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const delivery = [...published].flatMap(([id, at]) => {
    const arrived = arrivals.get(id);
    return arrived === undefined ? [] : [arrived - at];
  });

  const report = {
    benchmark: "public API under load (npm run bench:api)",
    measuredAt: new Date().toISOString(),
    clients: CLIENTS,
    keys: KEYS,
    requestsPerClient: REQUESTS,
    threatsSeeded: THREATS,
    loadSeconds: Math.round(loadSeconds * 10) / 10,
    requestsPerSecond: Math.round(((list.length + get.length + errors.length) / loadSeconds) * 10) / 10,
    listThreats: summary(list),
    getThreat: summary(get),
    errors: errors.length,
    errorSamples: errors.slice(0, 5),
    webhookDelivery: {
      ...summary(delivery),
      published: published.size,
      undelivered: published.size - delivery.length,
      goalP95Ms: 5000,
      goalMet: delivery.length === published.size && percentile(delivery, 95) < 5000,
    },
    loadAverage: { before: loadBefore, after: loadavg()[0], cores: availableParallelism() },
    machine: benchMachine(),
  };
  console.log(JSON.stringify(report, null, 2));
  if (values.out) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  receiver.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
