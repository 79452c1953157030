import type { ScanRecord } from "@lg/domain/scanning/scan-ports";
import { scanProgressView } from "@lg/domain/scanning/scan-progress";
import { ScanService } from "@lg/domain/scanning/scan-service";
import type { ThreatCandidate } from "@lg/domain/threats/threat-recorder";
import { describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryAlertOutbox, InMemoryThreatRepository } from "./fakes.js";

const NOW = new Date("2026-11-23T10:00:00.000Z");

const running: ScanRecord = {
  userId: "u1",
  scanId: "s1",
  trigger: "force",
  status: "running",
  platforms: ["reddit", "youtube", "twitter"],
  itemsScanned: 0,
  threatsFound: 0,
  platformProgress: {},
  startedAt: NOW.toISOString(),
};

const candidate = (sha: string): ThreatCandidate => ({
  personId: "self",
  threatType: "impersonation",
  confidence: 95,
  platform: "reddit",
  url: `https://www.reddit.com/r/pics/comments/${sha}/`,
  mediaSha256: sha.repeat(64 / sha.length),
  evidence: { hash: "e".repeat(64), manifestKey: `evidence/${sha}.json`, capturedAt: NOW.toISOString() },
  detection: {},
  classification: threatClassification("impersonation", { confidence: 95 }),
});

/** A scan store that keeps each platform's entry as the DynamoDB adapter does (one key per platform). */
function scanStore() {
  const scans = new Map<string, ScanRecord>([["s1", structuredClone(running)]]);
  return {
    scans,
    repo: {
      put: async (scan: ScanRecord) => void scans.set(scan.scanId, structuredClone(scan)),
      get: async (_u: string, id: string) => structuredClone(scans.get(id) ?? null),
      list: async () => [...scans.values()],
      recordPlatformProgress: async (
        _u: string,
        id: string,
        platformId: string,
        progress: { items: number; threats: number },
      ) => {
        const scan = scans.get(id);
        if (scan) scan.platformProgress = { ...scan.platformProgress, [platformId]: progress };
      },
    },
  };
}

describe("live scan progress", () => {
  it("counts each platform's items and new threats as soon as that platform is recorded, before the scan ends", async () => {
    const { scans, repo } = scanStore();
    const service = new ScanService({
      scans: repo,
      threats: new InMemoryThreatRepository(),
      outbox: new InMemoryAlertOutbox(),
      erased: { isErased: async () => false },
      now: () => NOW,
    } as never);
    const view = () => scanProgressView(scans.get("s1") as ScanRecord);
    expect(view()).toMatchObject({ platformsDone: 0, platformsTotal: 3, itemsScanned: 0, threatsFound: 0 });

    const item = (url: string, ...candidates: ThreatCandidate[]) => ({ url, candidates });
    await service.record({
      userId: "u1",
      scanId: "s1",
      platformId: "reddit",
      outcomes: [item("https://r/1", candidate("a1")), item("https://r/2"), item("https://r/3", candidate("b2"))],
    });
    expect(view()).toMatchObject({ status: "running", platformsDone: 1, itemsScanned: 3, threatsFound: 2 });

    await service.record({ userId: "u1", scanId: "s1", platformId: "youtube", outcomes: [item("https://y/1")] });
    expect(view()).toMatchObject({ platformsDone: 2, platformsTotal: 3, itemsScanned: 4, threatsFound: 2 });

    // A retried recording of a platform replaces its own entry: nothing is counted twice.
    await service.record({ userId: "u1", scanId: "s1", platformId: "youtube", outcomes: [item("https://y/1")] });
    expect(view()).toMatchObject({ platformsDone: 2, itemsScanned: 4, threatsFound: 2 });
  });

  it("reports a finished scan's stored totals, every platform done", () => {
    const finished: ScanRecord = {
      ...running,
      status: "succeeded",
      itemsScanned: 12,
      threatsFound: 3,
      platformProgress: { reddit: { items: 5, threats: 3 } },
      finishedAt: NOW.toISOString(),
    };
    expect(scanProgressView(finished)).toMatchObject({
      platformsDone: 3,
      platformsTotal: 3,
      itemsScanned: 12,
      threatsFound: 3,
      finishedAt: NOW.toISOString(),
    });
  });
});
