import { describe, expect, it } from "vitest";
import type { ThreatCountersRecord } from "../../../packages/domain/src/threats/threat-listing-ports.js";
import type { ThreatAudit, ThreatRecord } from "../../../packages/domain/src/threats/threat-ports.js";
import { ThreatQueries } from "../../../packages/domain/src/threats/threat-queries.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";

const counters: ThreatCountersRecord = {
  userId: "u1",
  total: 5,
  n_active: 2,
  n_false_positive: 1,
  n_dismissed: 1,
  n_takedown_requested: 0,
  n_removed: 1,
  activeConfidenceSum: 180,
  byDay: { "2026-11-21": 2, "2026-11-20": 3 },
  countedAt: "2026-11-22T00:00:00.000Z",
};

/** A repository that fails the test if stats read every threat instead of the counters. */
class NoListing extends InMemoryThreatRepository {
  override async list(): Promise<ThreatRecord[]> {
    throw new Error("stats must not read every threat");
  }
}

function queries(threats: InMemoryThreatRepository, scans: unknown[] = [], registeredImages = 0) {
  return new ThreatQueries({
    accounts: {
      getProfile: async () => null,
      listSamples: async () => [],
      listConsents: async () => [],
    },
    scans: { list: async () => scans },
    threats,
    evidence: { get: async () => null, putIfAbsent: async () => "created" as const },
    renderPreview: async (b: Uint8Array) => b,
    now: () => new Date("2026-11-22T00:00:00Z"),
    counters: { counters: async () => counters },
    registeredImages: { count: async () => registeredImages },
  } as never);
}

describe("stats", () => {
  it("come from the maintained counters, never from reading every threat", async () => {
    const stats = await queries(new NoListing()).stats("u1");
    expect(stats).toMatchObject({
      activeThreats: 2,
      resolvedThreats: 2,
      threatCounts: { total: 5, byStatus: { active: 2, false_positive: 1, dismissed: 1, removed: 1 } },
      threatsOverTime: [
        { date: "2026-11-20", count: 3 },
        { date: "2026-11-21", count: 2 },
      ],
    });
    expect(stats.coverage.openThreats).toBe(2);
  });

  it("count the registered image hashes scans and the crawl compare with, a person with nothing else enrolled too", async () => {
    const stats = await queries(new NoListing(), [], 3).stats("u1");
    expect(stats.coverage.registeredImages).toBe(3);
    expect((await queries(new NoListing()).stats("u1")).coverage.registeredImages).toBe(0);
  });

  it("say when the latest scan that ended failed, though an earlier one succeeded", async () => {
    const scan = (scanId: string, status: string, startedAt: string, finishedAt?: string) => ({
      userId: "u1",
      scanId,
      status,
      platforms: ["reddit"],
      startedAt,
      ...(finishedAt ? { finishedAt } : {}),
    });
    const succeeded = scan("s1", "succeeded", "2026-11-20T10:00:00Z", "2026-11-20T10:05:00Z");
    const failed = scan("s2", "failed", "2026-11-21T10:00:00Z", "2026-11-21T10:01:00Z");
    const running = scan("s3", "running", "2026-11-21T12:00:00Z");
    const afterFailure = await queries(new NoListing(), [running, failed, succeeded]).stats("u1");
    expect(afterFailure).toMatchObject({ lastScanOutcome: "failed", lastScanAt: "2026-11-20T10:05:00Z" });
    const allGood = await queries(new NoListing(), [succeeded]).stats("u1");
    expect(allGood.lastScanOutcome).toBe("succeeded");
    expect((await queries(new NoListing()).stats("u1")).lastScanOutcome).toBeUndefined();
  });
});

describe("a threat's history", () => {
  it("lists who did what and when, oldest first, naming automatic changes as such", async () => {
    const threats = new InMemoryThreatRepository();
    await threats.createIfAbsent({
      userId: "u1",
      id: "t1",
      personId: "self",
      threatType: "deepfake",
      confidence: 95,
      platform: "x",
      url: "https://x.example/1",
      status: "active",
      mediaSha256: "m",
      detection: {},
      classification: threatClassification("deepfake", { confidence: 95 }),
      sightings: [],
      createdAt: "2026-11-20T00:00:00.000Z",
      updatedAt: "2026-11-20T00:00:00.000Z",
    });
    const entries: ThreatAudit[] = [
      {
        userId: "u1",
        threatId: "t1",
        at: "2026-11-21T00:00:00.000Z",
        actor: "u1",
        actorKind: "user",
        action: "false_positive",
        from: "active",
        to: "false_positive",
        bulk: true,
        entryId: "b",
      },
      {
        userId: "u1",
        threatId: "t1",
        at: "2026-11-20T00:00:00.000Z",
        actor: "scanner",
        action: "detected",
        to: "active",
      },
    ];
    for (const entry of entries) await threats.appendAudit(entry);
    const shown = await queries(threats).get("u1", "t1");
    expect(shown.history).toEqual([
      { at: "2026-11-20T00:00:00.000Z", actor: "scanner", actorKind: "scanner", action: "detected", to: "active" },
      {
        at: "2026-11-21T00:00:00.000Z",
        actor: "u1",
        actorKind: "user",
        action: "false_positive",
        from: "active",
        to: "false_positive",
        bulk: true,
      },
    ]);
    expect(shown.allowedActions).toEqual(["false_positive", "dismiss", "takedown"]);
  });
});
