import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { DynamoErasedAccounts } from "../../../packages/domain/src/accounts/adapters/dynamo-erased-accounts.js";
import { ERASED } from "../../../packages/domain/src/scanning/scan-service.js";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";
import { PICTURE, scanWorld } from "../scanning/scan-world.js";
import { accountWorld } from "./world.js";

describe("deleting an account while its scan runs", () => {
  it("marks the account erased before anything is deleted, and stops its running scans", async () => {
    const w = accountWorld();
    const { userId } = await w.member("racer@example.com");
    let markedBeforeStop = false;
    const erasure = w.erasureWith({
      scans: {
        stopRunning: async (id) => {
          markedBeforeStop = await w.erased.isErased(id);
          return 1;
        },
      },
    });
    const deleted = await erasure.deleteAccount(userId);
    expect(markedBeforeStop).toBe(true);
    expect(deleted.scansStopped).toBe(1);
  });

  it("sweeps away evidence and items a scan step wrote after the erasure had begun", async () => {
    const w = accountWorld();
    const { userId } = await w.member("late-writer@example.com");
    let racingWrites = 2;
    const erasure = w.erasureWith({
      // A step that checked the mark just before it was made lands its writes while erasure settles.
      settle: async () => {
        if (racingWrites-- <= 0) return;
        await w.evidence.putIfAbsent(`evidence/${userId}/late${racingWrites}/media.jpg`, PICTURE);
        w.store.items.set(`USER#${userId}|THREAT#late${racingWrites}`, {
          pk: `USER#${userId}`,
          sk: `THREAT#late${racingWrites}`,
        });
      },
    });
    const deleted = await erasure.deleteAccount(userId);
    expect([...w.evidence.objects.keys()].filter((k) => k.includes(userId))).toEqual([]);
    expect(await w.store.listUserItems(userId)).toEqual([]);
    expect(deleted).toMatchObject({ evidenceObjects: 2 });
  });
});

describe("a scan of an account erased while it runs", () => {
  const post = { "https://x.test/1": PICTURE };

  it("keeps no evidence and no cached finding of a match found after the erasure began", async () => {
    const world = scanWorld(post);
    world.erased.add("u1");
    const outcome = await world.service.analyse(world.post("s1", "twitter", "https://x.test/1"));
    expect(outcome).toMatchObject({ candidates: [], skipped: ERASED });
    expect(world.evidence.objects.size).toBe(0);
    expect(world.findings.findings.size).toBe(0);
  });

  it("records no threat, no owed alert and no progress for matches found before it", async () => {
    const world = scanWorld(post);
    const found = await world.service.analyse(world.post("s1", "twitter", "https://x.test/1"));
    expect(found.candidates).toHaveLength(1);
    world.erased.add("u1");
    const recorded = await world.service.record({
      userId: "u1",
      scanId: "s1",
      platformId: "twitter",
      outcomes: [found],
    });
    expect(recorded).toMatchObject({ created: [], skipped: ERASED });
    expect(await world.threats.list("u1")).toEqual([]);
  });

  it("ends without writing its record, freeing a slot or handing over alerts", async () => {
    const world = scanWorld(post);
    world.erased.add("u1");
    expect(await world.service.finish({ userId: "u1", scanId: "s1", results: [] })).toEqual({ erased: true });
    expect(await world.service.plan({ userId: "u1", scanId: "s2", trigger: "schedule" })).toMatchObject({
      platforms: [],
      skipped: ERASED,
    });
  });
});

describe("erased-account tombstones in the table", () => {
  const table = useDynamoStandIn("erased-accounts-test");

  it("is read back at once for the erased account only, and names it by hash, never by id, once the erasure finished", async () => {
    const tombstones = new DynamoErasedAccounts(table.doc, table.table);
    const at = new Date("2026-11-27T00:00:00Z");
    await tombstones.mark("user-erased-1", at, "erased@example.com");
    expect(await tombstones.isErased("user-erased-1")).toBe(true);
    expect(await tombstones.isErased("user-kept-2")).toBe(false);
    // Until it finishes, what resuming it needs, found by the resume job once it may no longer run.
    const later = new Date(at.getTime() + 60_000);
    expect(await tombstones.unfinished(later)).toEqual([
      { userId: "user-erased-1", username: "erased@example.com", erasedAt: at.toISOString() },
    ]);
    expect(await tombstones.unfinished(at)).toEqual([]);
    await tombstones.finished("user-erased-1", later);
    expect(await tombstones.isErased("user-erased-1")).toBe(true);
    expect(await tombstones.unfinished(new Date("2027-01-01T00:00:00Z"))).toEqual([]);
    const items = (await table.doc.send(new ScanCommand({ TableName: table.table }))).Items ?? [];
    expect(items).toHaveLength(1);
    expect(JSON.stringify(items)).not.toMatch(/user-erased-1|erased@example\.com/);
    // Gone by TTL once no execution of the account can still be running.
    expect(items[0]?.expiresAt).toBeGreaterThan(at.getTime() / 1000 + 86_400);
  });
});
