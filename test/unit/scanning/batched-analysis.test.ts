import { manifestKey } from "@lg/domain/scanning/item-manifests";
import type { ItemOutcome, ItemOutcomeStore } from "@lg/domain/scanning/item-outcomes";
import { describe, expect, it } from "vitest";
import { OTHER_PICTURE, PICTURE, scanWorld } from "./scan-world.js";

class InMemoryItemOutcomes implements ItemOutcomeStore {
  readonly items = new Map<string, ItemOutcome>();
  async put(userId: string, scanId: string, itemKey: string, outcome: ItemOutcome) {
    this.items.set(`${userId}/${scanId}/${itemKey}`, outcome);
  }
  async get(userId: string, scanId: string, itemKey: string) {
    return this.items.get(`${userId}/${scanId}/${itemKey}`) ?? null;
  }
}

describe("a batch of a platform's manifest, analysed in one invocation", () => {
  it("answers one outcome per item in manifest order, and an item that fails twice fails alone", async () => {
    const w = scanWorld(
      // The second post's media cannot be read: the analyser throws for it, every time.
      { "https://reddit.test/1": PICTURE, "https://reddit.test/3": OTHER_PICTURE },
      { itemOutcomes: new InMemoryItemOutcomes() },
    );
    const items = ["https://reddit.test/1", "https://reddit.test/2", "https://reddit.test/3"].map((url) => {
      const { userId: _u, scanId: _s, ...item } = w.post("s1", "reddit", url);
      return item;
    });
    const outcomes = await w.service.analyseBatch({ userId: "u1", scanId: "s1", items }, { retryDelayMs: 0 });
    expect(outcomes).toEqual([
      { kept: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { failed: true, url: "https://reddit.test/2", error: { name: "Error", message: "Unreadable media" } },
      { candidates: 0 },
    ]);
    // Tried again before it counts as failed, as Step Functions retried an item's own Analyse.
    expect(w.analysed.filter((url) => url === "https://reddit.test/2/media")).toHaveLength(2);
    // The record step turns the batch's kept outcome into the threat; the failed item is not recorded.
    const recorded = await w.service.record({
      userId: "u1",
      scanId: "s1",
      platformId: "reddit",
      outcomes: outcomes.filter((o) => !("failed" in o)) as { kept: string }[],
    });
    expect(recorded).toMatchObject({ created: [expect.any(String)], items: 2 });
  });
});

describe("a platform's manifest key", () => {
  it("lies under the account, scan and platform, and no id reaches into another prefix", () => {
    expect(manifestKey("u1", "scan_1", "reddit")).toBe("manifests/u1/scan_1/reddit.json");
    expect(manifestKey("../u2", "s/1", "x")).toBe("manifests/..%2Fu2/s%2F1/x.json");
  });
});
