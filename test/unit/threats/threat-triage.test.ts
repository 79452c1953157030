import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../../packages/domain/src/errors.js";
import { Threat } from "../../../packages/domain/src/table/entities.js";
import { DynamoThreatListing, groupOf } from "../../../packages/domain/src/threats/adapters/dynamo-threat-listing.js";
import { allowedActions, statusAfter } from "../../../packages/domain/src/threats/threat-actions.js";
import {
  accountGroupKey,
  confidenceKey,
  normaliseSearchText,
  type SeverityName,
  severityRank,
} from "../../../packages/domain/src/threats/threat-keys.js";
import {
  decodeCursor,
  encodeCursor,
  queryFingerprint,
  type ResumeKey,
  ThreatListParams,
} from "../../../packages/domain/src/threats/threat-list-query.js";
import { withListingFields } from "../../../packages/domain/src/threats/threat-listing-fields.js";
import type { ThreatListing } from "../../../packages/domain/src/threats/threat-listing-ports.js";
import type { ThreatRecord } from "../../../packages/domain/src/threats/threat-ports.js";
import { recordThreats, type ThreatCandidate } from "../../../packages/domain/src/threats/threat-recorder.js";
import { BulkActionRefused, ThreatTriage } from "../../../packages/domain/src/threats/threat-triage.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";

const params = (query: Record<string, string> = {}) => ThreatListParams.parse(query);

/** The key checks of the real adapter; it needs no table for them. */
const keyChecks = new DynamoThreatListing({} as DynamoDBDocumentClient, "t");

/** The listing as the service sees it, over the in-memory repository: newest first, keyed like the table. */
function listingOver(repo: InMemoryThreatRepository): ThreatListing {
  const keyOf = (t: ThreatRecord): ResumeKey => ({
    pk: `USER#${t.userId}`,
    sk: `THREAT#${t.id}`,
    gsi2pk: `USER#${t.userId}#THREATS`,
    gsi2sk: `${t.createdAt}#${t.id}`,
  });
  return {
    async page({ userId, filters, limit, resumeKey }) {
      const all = (await repo.list(userId))
        .filter((t) => !filters.statuses || filters.statuses.includes(t.status))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const from = resumeKey ? all.findIndex((t) => keyOf(t).sk === resumeKey.sk) + 1 : 0;
      const items = all.slice(from, from + limit);
      const last = items.at(-1);
      return { items, ...(last && from + limit < all.length ? { resumeKey: keyOf(last) } : {}) };
    },
    async groupPage() {
      return { items: [] };
    },
    async getGroup() {
      return null;
    },
    async groupMemberIds(userId, kind, key) {
      return (await repo.list(userId)).filter((t) => groupOf(t, kind)?.key === key).map((t) => t.id);
    },
    async latestGroupMembers(userId, kind, key, limit) {
      return (await repo.list(userId))
        .filter((t) => groupOf(t, kind)?.key === key)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, limit);
    },
    async getMany(userId, ids) {
      const found = await Promise.all(ids.map((id) => repo.get(userId, id)));
      return found.filter((t): t is ThreatRecord => t !== null);
    },
    async counters(userId) {
      const threats = await repo.list(userId);
      const n = (s: ThreatRecord["status"]) => threats.filter((t) => t.status === s).length;
      return {
        userId,
        total: threats.length,
        n_active: n("active"),
        n_false_positive: n("false_positive"),
        n_dismissed: n("dismissed"),
        n_takedown_requested: n("takedown_requested"),
        n_removed: n("removed"),
        activeConfidenceSum: 0,
        byDay: {},
        countedAt: "2026-11-23T00:00:00.000Z",
      };
    },
    ownsResumeKey: (userId, source, key) => keyChecks.ownsResumeKey(userId, source, key),
  };
}

const candidate = (i: number, over: Partial<ThreatCandidate> = {}): ThreatCandidate => ({
  personId: "self",
  threatType: "deepfake",
  confidence: 80 + (i % 20),
  platform: "youtube",
  contentType: "image/jpeg",
  url: `https://youtube.example/watch?v=${i}`,
  mediaSha256: i.toString(16).padStart(64, "0"),
  account: i % 2 === 0 ? "BadActor" : `someone_${i}`,
  evidence: { hash: "h", manifestKey: "k", capturedAt: "2026-11-22T00:00:00.000Z" },
  detection: {},
  classification: threatClassification(over.threatType ?? "deepfake", { confidence: over.confidence ?? 80 + (i % 20) }),
  ...over,
});

async function seeded(count: number) {
  const repo = new InMemoryThreatRepository();
  let minute = 0;
  await recordThreats(
    repo,
    "u1",
    Array.from({ length: count }, (_, i) => candidate(i)),
    () => new Date(Date.UTC(2026, 10, 20, 0, minute++)).toISOString(),
  );
  return { repo, triage: new ThreatTriage({ listing: listingOver(repo), threats: repo }) };
}

describe("list query parameters", () => {
  it("takes comma lists, bands, sorts and a search, with a default page size", () => {
    expect(params({ status: "active,dismissed", confidence: "high", sort: "severity", q: "  Bad Actor " })).toEqual({
      limit: 25,
      sort: "severity",
      status: ["active", "dismissed"],
      confidence: "high",
      q: "Bad Actor",
    });
  });
  it("refuses unknown parameters, unknown values, oversized pages and one-letter searches", () => {
    for (const query of [{ colour: "red" }, { status: "open" }, { limit: "500" }, { q: "a" }, { sort: "oldest" }]) {
      expect(ThreatListParams.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe("cursors", () => {
  const key = { pk: "USER#u1", sk: "THREAT#t1", gsi2pk: "USER#u1#THREATS", gsi2sk: "2026#t1" };
  it("round-trip the resume key for the same query, whatever the order of a list's values", () => {
    const a = queryFingerprint(params({ status: "active,dismissed", platform: "x" }));
    const b = queryFingerprint(params({ platform: "x", status: "dismissed,active", limit: "50" }));
    expect(a).toBe(b);
    expect(decodeCursor(encodeCursor(a, key), b)).toEqual(key);
  });
  it("are refused for another query or when they are not ours", () => {
    const cursor = encodeCursor(queryFingerprint(params({ sort: "newest" })), key);
    expect(() => decodeCursor(cursor, queryFingerprint(params({ sort: "confidence" })))).toThrow(/other filters/);
    expect(() => decodeCursor("not-a-cursor", "f")).toThrow(DomainError);
    expect(() => decodeCursor(Buffer.from('{"v":2}').toString("base64url"), "f")).toThrow(/not valid/);
  });
  it("hold keys of the caller's own partitions only", () => {
    expect(keyChecks.ownsResumeKey("u1", "newest", key)).toBe(true);
    expect(keyChecks.ownsResumeKey("u2", "newest", key)).toBe(false);
    expect(keyChecks.ownsResumeKey("u1", "confidence", key)).toBe(false);
    expect(keyChecks.ownsResumeKey("u1", "newest", { ...key, sk: "PROFILE" })).toBe(false);
    expect(keyChecks.ownsResumeKey("u1", "newest", { ...key, extra: "x" })).toBe(false);
  });
});

describe("index keys", () => {
  it("sort by confidence numerically and by severity before confidence", () => {
    const t = { createdAt: "2026-11-20T00:00:00.000Z", id: "t" };
    const byConfidence = (confidence: number) =>
      Threat.indexes.gsi3.sk({ ...t, confidenceKey: confidenceKey(confidence) });
    const bySeverity = (severity: SeverityName, confidence: number) =>
      Threat.indexes.gsi4.sk({ ...t, severityRank: severityRank(severity), confidenceKey: confidenceKey(confidence) });
    expect(byConfidence(9.5) < byConfidence(10)).toBe(true);
    expect(byConfidence(99.9) < byConfidence(100)).toBe(true);
    expect(bySeverity("high", 99) < bySeverity("critical", 50)).toBe(true);
  });
  it("search text folds case and accents over title, URL and account", () => {
    expect(normaliseSearchText("Beyoncé  AT https://X.example")).toBe("beyonce at https://x.example");
    const threat = withListingFields({
      userId: "u1",
      id: "t",
      personId: "self",
      threatType: "deepfake",
      confidence: 90,
      platform: "x",
      url: "https://x.example/p/1",
      title: "Fake Clip",
      account: "@Bad_Actor",
      status: "active",
      mediaSha256: "m",
      detection: {},
      classification: threatClassification("deepfake", { confidence: 90 }),
      sightings: [],
      createdAt: "2026-11-20T00:00:00.000Z",
      updatedAt: "2026-11-20T00:00:00.000Z",
    });
    expect(threat.searchText).toContain("bad_actor");
    expect(threat.searchText).toContain("fake clip");
    expect(threat.mediaGroup).toBe("m");
    expect(accountGroupKey("x", "@Bad_Actor")).toBe("x:bad_actor");
  });
});

describe("actions by status", () => {
  it("offer take-down only for an active threat and undo only after a false positive or dismissal", () => {
    expect(allowedActions("active")).toEqual(["false_positive", "dismiss", "takedown"]);
    expect(allowedActions("false_positive")).toEqual(["undo"]);
    expect(allowedActions("takedown_requested")).toEqual([]);
    expect(allowedActions("removed")).toEqual([]);
  });
  it("undo restores the status the false positive replaced", () => {
    expect(statusAfter({ status: "false_positive", previousStatus: "active" }, "undo")).toBe("active");
    expect(statusAfter({ status: "takedown_requested" }, "false_positive")).toBeNull();
  });
});

describe("the list", () => {
  it("pages newest first with a cursor until the end, each threat once", async () => {
    const { triage } = await seeded(7);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const out = (await triage.list("u1", params({ limit: "3", ...(cursor ? { cursor } : {}) }))) as {
        items: { id: string; allowedActions: string[] }[];
        nextCursor: string | null;
        total?: number;
      };
      expect(out.total).toBe(7);
      seen.push(...out.items.map((i) => i.id));
      if (!out.nextCursor) break;
      cursor = out.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
  it("refuses a cursor forged for another account's partition", async () => {
    const { triage } = await seeded(3);
    const forged = encodeCursor(queryFingerprint(params()), {
      pk: "USER#u2",
      sk: "THREAT#x",
      gsi2pk: "USER#u2#THREATS",
      gsi2sk: "x",
    });
    await expect(triage.list("u1", params({ cursor: forged }))).rejects.toMatchObject({ kind: "invalid" });
  });
  it("refuses filters a group's members differ in", async () => {
    const { triage } = await seeded(1);
    await expect(triage.list("u1", params({ groupBy: "account", type: "deepfake" }))).rejects.toThrow(/not by type/);
  });
});

describe("bulk and group actions", () => {
  it("marks a whole account group false positive, audited with the person and as bulk", async () => {
    const { repo, triage } = await seeded(6);
    const out = await triage.act("u1", {
      actorId: "member-7",
      action: "false_positive",
      threatIds: [],
      groups: [{ kind: "account", key: accountGroupKey("youtube", "BadActor") }],
    });
    expect(out.changed).toHaveLength(3);
    for (const id of out.changed) {
      expect((await repo.get("u1", id))?.status).toBe("false_positive");
      expect(await repo.listAudit("u1", id)).toContainEqual(
        expect.objectContaining({ actor: "member-7", actorKind: "user", action: "false_positive", bulk: true }),
      );
    }
  });
  it("skips threats whose status does not allow the action and reports unknown ids as not found", async () => {
    const { repo, triage } = await seeded(3);
    const [a, b] = await repo.list("u1");
    await triage.actOne("u1", "u1", b?.id ?? "", "dismiss");
    const out = await triage.act("u1", {
      actorId: "u1",
      action: "false_positive",
      threatIds: [a?.id ?? "", b?.id ?? "", "thr_someone_elses"],
      groups: [],
    });
    expect(out.changed).toEqual([a?.id]);
    expect(out.skipped).toEqual([
      { id: b?.id, status: "dismissed", reason: "A threat that is dismissed cannot be marked false_positive" },
      { id: "thr_someone_elses", reason: "not found" },
    ]);
  });
  it("answers a conflict when nothing could change, and not found when nothing is the caller's", async () => {
    const { repo, triage } = await seeded(1);
    const [a] = await repo.list("u1");
    await expect(
      triage.act("u1", { actorId: "u1", action: "undo", threatIds: [a?.id ?? ""], groups: [] }),
    ).rejects.toBeInstanceOf(BulkActionRefused);
    await expect(
      triage.act("u2", { actorId: "u2", action: "dismiss", threatIds: [a?.id ?? ""], groups: [] }),
    ).rejects.toMatchObject({ kind: "not-found" });
  });
  it("undoes a false positive back to active, and refuses a take-down path afterwards only by status", async () => {
    const { repo, triage } = await seeded(1);
    const [a] = await repo.list("u1");
    const id = a?.id ?? "";
    expect((await triage.actOne("u1", "u1", id, "false_positive")).status).toBe("false_positive");
    await expect(triage.actOne("u1", "u1", id, "dismiss")).rejects.toMatchObject({ kind: "conflict" });
    expect((await triage.actOne("u1", "u1", id, "undo")).status).toBe("active");
    const history = (await repo.listAudit("u1", id)).map((e) => `${e.action}:${e.from ?? ""}>${e.to}`);
    expect(history).toEqual(["detected:>active", "false_positive:active>false_positive", "undo:false_positive>active"]);
  });
});

describe("recording for groups", () => {
  it("puts the same picture found as another type of threat in the first one's media group", async () => {
    const repo = new InMemoryThreatRepository();
    await recordThreats(repo, "u1", [candidate(1, { perceptualHash: "ffff0000ffff0000" })]);
    await recordThreats(repo, "u1", [
      candidate(2, { threatType: "likeness_misuse", perceptualHash: "ffff0000ffff0003" }),
    ]);
    const [first, second] = (await repo.list("u1")).sort((a, b) => a.url.localeCompare(b.url));
    expect(second?.mediaGroup).toBe(first?.mediaSha256);
    expect(second?.account).toBe("BadActor");
  });
});
