import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoScanRepository } from "@lg/domain/scanning/adapters/dynamo-scans";
import { PLATFORMS } from "@lg/domain/tiers";
import { describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, scanClients, stopScan } from "../support/scan-run.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

/**
 * What the Settings switches and the onboarding's identity step change in what a scan does, seen
 * through the API and the scan record the workflow writes; and the live progress it stores.
 */
const { url: appUrl, env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const scans = new DynamoScanRepository(
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: "us-east-1",
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    }),
  ),
  env.TABLE_NAME ?? "",
);

const call = (person: SignedUpPerson, method: string, route: string, body?: unknown) =>
  fetch(`${appUrl}${route}`, {
    method,
    headers: { cookie: person.cookie, origin: appUrl, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

interface ScanStatus {
  scanId: string;
  status: string;
  platformsTotal: number;
  platformsDone: number;
  itemsScanned: number;
  threatsFound: number;
}

/** Forces a scan and polls its status as the web app does, keeping every reading, until it ends. */
async function scanAndWatch(person: SignedUpPerson) {
  const started = await call(person, "POST", "/api/scan/force");
  expect(started.status).toBeLessThan(300);
  const { scanId } = (await started.json()) as { scanId: string };
  const readings: ScanStatus[] = [];
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const status = (await (await call(person, "GET", "/api/scan/status")).json()) as ScanStatus;
    if (status.scanId === scanId) readings.push(status);
    if (status.scanId === scanId && status.status !== "running") return { scanId, readings, last: status };
    await sleep(300);
  }
  throw new Error("the scan did not end in 10 minutes");
}

const choosePlatforms = (person: SignedUpPerson, platforms: string[]) =>
  call(person, "POST", "/api/scan-preferences", {
    platforms,
    scanFrequency: "daily",
    alertSensitivity: "high",
    autoTakedown: false,
  });

describe("Settings switches change what is scanned", () => {
  /** Forces a scan and returns its record once the workflow has planned its platforms; then stops it. */
  async function plannedScan(person: SignedUpPerson) {
    const started = await call(person, "POST", "/api/scan/force");
    expect(started.status).toBeLessThan(300);
    const { scanId } = (await started.json()) as { scanId: string };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const scan = await scans.get(person.userId, scanId);
      if (scan && scan.platforms.length > 0) {
        if (scan.executionArn) await stopScan(env, scan.executionArn).catch(() => undefined);
        // The stopped execution is settled by the reconciler, which frees the person's scan slot.
        while ((await scans.get(person.userId, scanId))?.status === "running") await sleep(300);
        return scan;
      }
      await sleep(200);
    }
    throw new Error("the scan planned no platforms in 2 minutes");
  }

  it("unticking Social Media removes the social platforms from the next scan; ticking it brings them back", async () => {
    const person = await signUp(appUrl, "social-switch");
    // A scan needs someone to look for: the simulator's persona, enrolled on the Enterprise plan.
    await enrolPersona(world, person.userId, await loadScenario(env));
    const chosen = await choosePlatforms(person, ["facebook", "youtube", "reddit"]);
    expect(`${chosen.status} ${await chosen.text()}`).toMatch(/^200 /);

    const off = await call(person, "PUT", "/api/profile", { scanPreferences: { socialMedia: false } });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { platforms: string[] }).platforms).toEqual(["reddit"]);
    expect((await plannedScan(person)).platforms).toEqual(["reddit"]);

    await call(person, "PUT", "/api/profile", { scanPreferences: { socialMedia: true } });
    const social = PLATFORMS.filter((p) => p.category === "social").map((p) => p.id);
    expect([...(await plannedScan(person)).platforms].sort()).toEqual([...social, "reddit"].sort());
  }, 300_000);
});

describe("live scan progress", () => {
  it("is stored per platform while the scan runs and adds up to the scan's totals", async () => {
    const person = await signUp(appUrl, "live-progress");
    await enrolPersona(world, person.userId, await loadScenario(env));
    // Three platforms keep the scan short.
    const { accounts } = scanClients(env);
    const profile = await accounts.getProfile(person.userId);
    if (!profile) throw new Error("no profile");
    await accounts.putProfile({ ...profile, platforms: ["reddit", "youtube", "twitter"] });
    const { scanId, readings, last } = await scanAndWatch(person);
    expect(last.status).toBe("succeeded");
    const stored = await scans.get(person.userId, scanId);
    const entries = Object.entries(stored?.platformProgress ?? {});
    expect(entries.map(([platform]) => platform).sort()).toEqual(["reddit", "twitter", "youtube"]);
    expect(entries.reduce((n, [, p]) => n + p.items, 0)).toBe(stored?.itemsScanned);
    expect(entries.reduce((n, [, p]) => n + p.threats, 0)).toBe(stored?.threatsFound);
    // Every reading while it ran came from those entries: never more than the end, never going back.
    const running = readings.filter((r) => r.status === "running");
    expect(running.length).toBeGreaterThan(0);
    for (const [a, b] of running.slice(1).map((r, i) => [running[i] as ScanStatus, r] as const)) {
      expect(b.platformsDone).toBeGreaterThanOrEqual(a.platformsDone);
      expect(b.itemsScanned).toBeGreaterThanOrEqual(a.itemsScanned);
    }
    for (const r of running) expect(r.itemsScanned).toBeLessThanOrEqual(last.itemsScanned);
  }, 600_000);
});

describe("who scans look for", () => {
  it("stores the identity step's names, handles and official accounts, and refuses one with no name", async () => {
    const person = await signUp(appUrl, "identity");
    const saved = await call(person, "PUT", "/api/profile", {
      identity: {
        firstName: "Ada",
        lastName: "Lovelace",
        aliases: ["A. King"],
        handles: ["@ada"],
        ownAccounts: ["https://x.com/ada"],
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      firstName: "Ada",
      aliases: ["A. King"],
      handles: ["@ada"],
      ownAccounts: ["https://x.com/ada"],
    });
    const refused = await call(person, "PUT", "/api/profile", { identity: { firstName: "Ada", aliases: [] } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter your first and last name, or a name you are known by");
  });
});
