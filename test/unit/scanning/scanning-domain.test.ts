import { describe, expect, it } from "vitest";
import { UnsupportedOperationError } from "../../../packages/connectors/src/errors.js";
import { verifyEvidencePackage, writeEvidencePackage } from "../../../packages/domain/src/scanning/evidence.js";
import { nameVariantOf, skeleton } from "../../../packages/domain/src/scanning/impersonation.js";
import { perceptualHash } from "../../../packages/domain/src/scanning/perceptual-hash.js";
import type { ScanRecord } from "../../../packages/domain/src/scanning/scan-ports.js";
import { syncScanSchedule } from "../../../packages/domain/src/scanning/scan-schedule.js";
import { ScanService } from "../../../packages/domain/src/scanning/scan-service.js";
import {
  hammingHex,
  recordThreats,
  type ThreatCandidate,
} from "../../../packages/domain/src/threats/threat-recorder.js";
import { computeStats, countThreats } from "../../../packages/domain/src/threats/threat-stats.js";
import { changeThreatStatus } from "../../../packages/domain/src/threats/threat-status.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryEvidenceStore, InMemoryScanLocks, InMemoryThreatRepository } from "./fakes.js";
import { PICTURE, scanWorld } from "./scan-world.js";

const candidate = (over: Partial<ThreatCandidate> = {}): ThreatCandidate => ({
  personId: "p1",
  threatType: "deepfake",
  confidence: 93.2,
  platform: "reddit",
  contentType: "image/jpeg",
  url: "https://example.test/a",
  mediaSha256: "a".repeat(64),
  perceptualHash: "ffff0000ffff0000",
  evidence: { hash: "h", manifestKey: "k", capturedAt: "2026-11-22T00:00:00.000Z" },
  detection: {},
  classification: threatClassification(over.threatType ?? "deepfake", { confidence: over.confidence ?? 93.2 }),
  ...over,
});

describe("impersonation by name", () => {
  it("catches look-alike characters and small edits of the person's name", () => {
    expect(nameVariantOf("barack0bama", ["Barack Obama", "BarackObama"])?.reason).toBe("look-alike");
    expect(nameVariantOf("barack_obarna", ["BarackObama"])).not.toBeNull();
    expect(nameVariantOf("BarackObamma", ["BarackObama"])?.reason).toBe("edit-distance");
  });
  it("does not flag unrelated or very short names", () => {
    expect(nameVariantOf("michelle_smith", ["BarackObama"])).toBeNull();
    expect(nameVariantOf("bob", ["rob"])).toBeNull();
  });
  it("folds Cyrillic homoglyphs to Latin", () => {
    expect(skeleton("Оbаmа")).toBe(skeleton("Obama"));
  });
});

describe("recording threats", () => {
  it("creates one threat per media and records repeats as sightings", async () => {
    const repo = new InMemoryThreatRepository();
    const first = await recordThreats(repo, "u1", [candidate()]);
    const again = await recordThreats(repo, "u1", [candidate({ url: "https://example.test/b" })]);
    expect(first.created).toHaveLength(1);
    expect(again.created).toHaveLength(0);
    expect((await repo.list("u1"))[0]?.sightings.map((s) => s.url)).toEqual([
      "https://example.test/a",
      "https://example.test/b",
    ]);
  });
  it("is idempotent when a scan is re-run", async () => {
    const repo = new InMemoryThreatRepository();
    await recordThreats(repo, "u1", [
      candidate(),
      candidate({ mediaSha256: "b".repeat(64), perceptualHash: undefined }),
    ]);
    await recordThreats(repo, "u1", [
      candidate(),
      candidate({ mediaSha256: "b".repeat(64), perceptualHash: undefined }),
    ]);
    const threats = await repo.list("u1");
    expect(threats).toHaveLength(2);
    expect(threats.every((t) => t.sightings.length === 1)).toBe(true);
  });
  it("treats a near-identical perceptual hash as the same media", async () => {
    const repo = new InMemoryThreatRepository();
    await recordThreats(repo, "u1", [candidate()]);
    const out = await recordThreats(repo, "u1", [
      candidate({ mediaSha256: "c".repeat(64), perceptualHash: "ffff0000ffff0003" }),
    ]);
    expect(out.created).toHaveLength(0);
    expect(hammingHex("ffff0000ffff0000", "ffff0000ffff0003")).toBe(2);
  });
  it("keeps users' threats apart", async () => {
    const repo = new InMemoryThreatRepository();
    await recordThreats(repo, "u1", [candidate()]);
    const other = await recordThreats(repo, "u2", [candidate()]);
    expect(other.created).toHaveLength(1);
    expect(await repo.list("u2")).toHaveLength(1);
  });
});

describe("threat status", () => {
  it("lets a person mark an active threat as a false positive, with an audit entry", async () => {
    const repo = new InMemoryThreatRepository();
    const { created } = await recordThreats(repo, "u1", [candidate()]);
    const id = created[0]!.id;
    const updated = await changeThreatStatus(repo, { userId: "u1", threatId: id, to: "false_positive", actor: "user" });
    expect(updated.status).toBe("false_positive");
    expect((await repo.listAudit("u1", id)).map((a) => a.to)).toEqual(["active", "false_positive"]);
  });
  it("refuses a person marking a threat removed, and unknown threats", async () => {
    const repo = new InMemoryThreatRepository();
    const { created } = await recordThreats(repo, "u1", [candidate()]);
    await expect(
      changeThreatStatus(repo, { userId: "u1", threatId: created[0]!.id, to: "removed", actor: "user" }),
    ).rejects.toThrow("cannot be marked removed");
    await expect(
      changeThreatStatus(repo, { userId: "u2", threatId: created[0]!.id, to: "dismissed", actor: "user" }),
    ).rejects.toThrow("Threat not found");
  });
});

describe("evidence packages", () => {
  const input = {
    userId: "u1",
    media: { bytes: new Uint8Array([1, 2, 3]), contentType: "image/jpeg", url: "https://x.test/m.jpg" },
    page: { url: "https://x.test/p", platform: "reddit" },
    detection: { faces: 1 },
    capturedAt: "2026-11-22T00:00:00.000Z",
  };
  it("is written once and verifies as intact", async () => {
    const store = new InMemoryEvidenceStore();
    const pkg = await writeEvidencePackage(store, input);
    const again = await writeEvidencePackage(store, { ...input, capturedAt: "2026-11-23T00:00:00.000Z" });
    expect(again.hash).toBe(pkg.hash);
    expect((await verifyEvidencePackage(store, pkg.manifestKey, pkg.hash)).intact).toBe(true);
  });
  it("detects a changed file", async () => {
    const store = new InMemoryEvidenceStore();
    const pkg = await writeEvidencePackage(store, input);
    store.objects.set(pkg.manifest.files[0]!.key, new Uint8Array([9, 9, 9]));
    const check = await verifyEvidencePackage(store, pkg.manifestKey, pkg.hash);
    expect(check.intact).toBe(false);
    expect(check.files.find((f) => !f.intact)?.name).toBe("media.jpg");
  });
});

describe("perceptual hash", () => {
  // A smooth, non-separable test picture; `flip` mirrors it, which is a different picture to pHash.
  const picture = (w: number, h: number, flip = false) => {
    const px = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const u = (flip ? w - 1 - x : x) / w;
        const v = y / h;
        const lum = 128 + 60 * Math.sin(u * 6) * Math.cos(v * 5) + 40 * Math.sin((u + v) * 9);
        px.fill(Math.round(lum), (y * w + x) * 3, (y * w + x) * 3 + 3);
      }
    return px;
  };
  it("gives the same hash for a resized copy and a different one for a different picture", () => {
    const a = perceptualHash(picture(256, 256), 256, 256, 3);
    const resized = perceptualHash(picture(128, 128), 128, 128, 3);
    const other = perceptualHash(picture(256, 256, true), 256, 256, 3);
    expect(hammingHex(a, resized)).toBeLessThanOrEqual(6);
    expect(hammingHex(a, other)).toBeGreaterThan(20);
  });
});

describe("stats", () => {
  const setup = {
    consentGiven: true,
    firstName: "Ada",
    lastName: "Lovelace",
    aliases: [],
    platforms: ["reddit", "youtube"],
    faceEnrolled: true,
    faceVerified: true,
    voiceEnrolled: true,
    scanIntervalHours: 168,
  };
  const likeness = { face: { stored: true, searched: true }, voice: { stored: true, searched: true } };
  it("counts from stored threats and states what is searched, where, how often, and the open threats", () => {
    const stats = computeStats(
      {
        counts: countThreats([
          { status: "active", confidence: 90, createdAt: "2026-11-20T10:00:00Z" },
          { status: "removed", confidence: 80, createdAt: "2026-11-21T10:00:00Z" },
        ]),
        platformsScanned: ["reddit", "youtube", "reddit"],
        setup: { ...setup, lastScanAt: new Date(Date.parse("2026-11-22T00:00:00Z") - 3_600_000).toISOString() },
        likeness,
        schedule: "weekly",
      },
      Date.parse("2026-11-22T00:00:00Z"),
    );
    expect(stats).toMatchObject({ activeThreats: 1, sitesScanned: 2, resolvedThreats: 1 });
    expect(stats.coverage).toEqual({
      face: { searched: true },
      voice: { searched: true },
      platforms: ["reddit", "youtube"],
      schedule: "weekly",
      lastScanAt: "2026-11-21T23:00:00.000Z",
      openThreats: 1,
      registeredImages: 0,
    });
    expect(stats.setupChecklist.every((i) => i.done)).toBe(true);
    expect(stats.lastScanAt).toBe("2026-11-21T23:00:00.000Z");
    expect(stats).not.toHaveProperty("protectionScore");
  });
  it("says nothing is searched for an account with nothing set up, and why", () => {
    const stats = computeStats({
      counts: countThreats([]),
      platformsScanned: [],
      setup: {
        consentGiven: false,
        aliases: [],
        platforms: [],
        faceEnrolled: false,
        faceVerified: false,
        voiceEnrolled: false,
        scanIntervalHours: 168,
      },
      likeness: { face: { stored: false, searched: false }, voice: { stored: false, searched: false } },
      schedule: "weekly",
    });
    expect(stats.coverage).toMatchObject({
      face: { searched: false, notSearchedReason: "no face is enrolled" },
      voice: { searched: false, notSearchedReason: "no voice is enrolled" },
      schedule: null,
    });
    expect(stats.setupChecklist.filter((i) => i.done)).toEqual([]);
  });
});

describe("scan plan", () => {
  it("records the planned platforms on the record the starter wrote before planning", async () => {
    const scans = new Map<string, ScanRecord>();
    const starterRecord: ScanRecord = {
      userId: "u1",
      scanId: "s1",
      trigger: "force",
      status: "running",
      platforms: [],
      itemsScanned: 0,
      threatsFound: 0,
      platformProgress: {},
      startedAt: "2026-11-22T00:00:00.000Z",
    };
    scans.set("s1", starterRecord);
    const service = new ScanService({
      accounts: {
        getProfile: async () => ({
          userId: "u1",
          firstName: "Ada",
          lastName: "Lovelace",
          aliases: [],
          handles: [],
          membershipTier: "personal",
          platforms: ["reddit", "youtube", "darkweb"],
        }),
        listSamples: async () => [],
      },
      scans: {
        put: async (scan: ScanRecord) => void scans.set(scan.scanId, scan),
        get: async (_userId: string, scanId: string) => scans.get(scanId) ?? null,
        list: async () => [...scans.values()],
      },
      locks: new InMemoryScanLocks(),
      erased: { isErased: async () => false },
      enrolledPeople: async () => [],
      now: () => new Date("2026-11-22T00:00:01.000Z"),
    } as never);
    await service.plan({ userId: "u1", scanId: "s1", trigger: "force" });
    // The personal tier does not include the dark web, so only the allowed two are recorded.
    expect(scans.get("s1")).toMatchObject({ platforms: ["reddit", "youtube"], startedAt: starterRecord.startedAt });
  });
});

describe("impersonation check of a profile", () => {
  it("skips a look-alike account on a platform without public profiles instead of failing the item", async () => {
    const service = new ScanService({
      erased: { isErased: async () => false },
      enrolledPeople: async () => [{ personId: "self", displayName: "Ada Lovelace", face: [], voice: [] }],
      sources: {
        connector: () => ({
          platformId: "ebay",
          fetchProfile: async () => {
            throw new UnsupportedOperationError("ebay has no public profiles");
          },
        }),
      },
    } as never);
    const outcome = await service.analyse({
      userId: "u1",
      scanId: "s1",
      platformId: "ebay",
      kind: "profile",
      ref: { sourceId: "ebay", id: "v1|1", url: "https://ebay.test/itm/1" },
      url: "https://ebay.test/itm/1",
      handle: "ada_lovelace",
      nameMatch: "Ada Lovelace",
    });
    expect(outcome).toEqual({
      url: "https://ebay.test/itm/1",
      candidates: [],
      skipped: "the platform has no public profiles",
    });
  });

  it("names the name a channel posted under when its title does not imitate it (read again from the post)", async () => {
    const world = scanWorld(
      {},
      {
        accounts: { getProfile: async () => ({ userId: "u1", aliases: [], handles: [] }) } as never,
        sources: {
          connector: (platformId: string) =>
            ({
              platformId,
              fetchProfile: async () => ({
                handle: "news_feed",
                displayName: "news feed",
                avatarUrl: "https://t.test/avatar.jpg",
                url: "https://t.test/news_feed",
                bio: "",
              }),
              fetchItem: async (ref: { url: string }) => ({
                platformId,
                ref,
                url: ref.url,
                title: "",
                text: "",
                author: { handle: "news_feed", displayName: "Ada Lovelace", avatarUrl: "" },
                postedAt: "",
                mediaUrls: [],
                media: [],
                pageMetadata: {},
              }),
            }) as never,
          fetchMedia: async (url: string) => ({ url, contentType: "image/jpeg", bytes: PICTURE }),
        },
      },
    );
    // The workflow carries the handle, never the protected name Discover matched.
    const outcome = await world.service.analyse({
      userId: "u1",
      scanId: "s1",
      platformId: "telegram",
      kind: "profile",
      ref: { sourceId: "telegram", id: "news_feed/3", url: "https://t.test/news_feed/3" },
      url: "https://t.test/news_feed/3",
      handle: "news_feed",
    });
    expect(outcome.candidates[0]?.detection).toMatchObject({ nameMatch: "Ada Lovelace" });
  });

  it("keys the impersonating account by its bio's links, leaving out the person's own accounts, to group its other platforms", async () => {
    const world = scanWorld(
      {},
      {
        accounts: {
          getProfile: async () => ({
            userId: "u1",
            aliases: ["Ada Lovelace"],
            handles: [],
            ownAccounts: ["https://instagram.com/ada_official"],
          }),
        } as never,
        sources: {
          connector: (platformId: string) =>
            ({
              platformId,
              fetchProfile: async () => ({
                handle: "ada_lovelace",
                displayName: "Ada Lovelace",
                avatarUrl: "https://t.test/avatar.jpg",
                url: "https://t.test/ada_lovelace",
                bio: "Real me: instagram.com/ada_official. VIP: https://ada-vip.shop/join",
              }),
            }) as never,
          fetchMedia: async (url: string) => ({ url, contentType: "image/jpeg", bytes: PICTURE }),
        },
      },
    );
    const outcome = await world.service.analyse({
      userId: "u1",
      scanId: "s1",
      platformId: "telegram",
      kind: "profile",
      ref: { sourceId: "telegram", id: "ada_lovelace/1", url: "https://t.test/ada_lovelace/1" },
      url: "https://t.test/ada_lovelace/1",
      handle: "ada_lovelace",
      nameMatch: "Ada Lovelace",
    });
    const keys = outcome.candidates[0]?.posterKeys ?? [];
    expect(keys).toContain("account:telegram:ada_lovelace");
    expect(keys).toContain("link:ada-vip.shop/join");
    expect(keys.filter((k) => k.includes("instagram"))).toEqual([]);
    expect(keys.some((k) => k.startsWith("face:adaioveiace:"))).toBe(true);
  });

  it("still fails the item when the platform errs for another reason", async () => {
    const service = new ScanService({
      erased: { isErased: async () => false },
      enrolledPeople: async () => [],
      sources: {
        connector: () => ({
          fetchProfile: async () => {
            throw new Error("HTTP 503");
          },
        }),
      },
    } as never);
    await expect(
      service.analyse({
        userId: "u1",
        scanId: "s1",
        platformId: "reddit",
        kind: "profile",
        ref: { sourceId: "reddit", id: "t3_1", url: "https://reddit.test/1" },
        url: "https://reddit.test/1",
        handle: "ada",
      }),
    ).rejects.toThrow("HTTP 503");
  });
});

describe("scan schedules", () => {
  const profile = (over: Record<string, unknown>) =>
    ({ userId: "u1", platforms: ["reddit"], membershipTier: "personal", scanFrequency: "weekly", ...over }) as never;
  it("follows the tier's frequency and removes the schedule when no platform is left", async () => {
    const calls: string[] = [];
    const api = {
      upsert: async (name: string, expression: string) => void calls.push(`upsert ${name} ${expression}`),
      remove: async (name: string) => void calls.push(`remove ${name}`),
    };
    await syncScanSchedule(api, profile({ membershipTier: "enterprise", scanFrequency: "hourly" }));
    await syncScanSchedule(api, profile({ membershipTier: "personal", scanFrequency: "hourly" }));
    await syncScanSchedule(api, profile({ platforms: [] }));
    expect(calls).toEqual(["upsert scan-u1 rate(1 hour)", "upsert scan-u1 rate(7 days)", "remove scan-u1"]);
  });
});
