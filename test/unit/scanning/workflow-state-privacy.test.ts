import type { ItemOutcome, ItemOutcomeStore } from "@lg/domain/scanning/item-outcomes";
import { describe, expect, it } from "vitest";
import { OTHER_PICTURE, PICTURE, scanWorld } from "./scan-world.js";

class InMemoryItemOutcomes implements ItemOutcomeStore {
  readonly items = new Map<string, ItemOutcome>();
  async put(userId: string, scanId: string, itemKey: string, outcome: ItemOutcome) {
    this.items.set(`${userId}/${scanId}/${itemKey}`, structuredClone(outcome));
  }
  async get(userId: string, scanId: string, itemKey: string) {
    return this.items.get(`${userId}/${scanId}/${itemKey}`) ?? null;
  }
}

function world(media: Record<string, Uint8Array>) {
  const itemOutcomes = new InMemoryItemOutcomes();
  const w = scanWorld(media, { itemOutcomes });
  return { ...w, itemOutcomes, post: (url: string) => w.post("s1", "reddit", url) };
}

describe("what a scan's workflow state carries", () => {
  it("is a key to an analysed item's candidates, which name the person, never the candidates themselves", async () => {
    const w = world({ "https://reddit.test/1": PICTURE, "https://reddit.test/2": OTHER_PICTURE });
    const handed = await w.service.analyseAndHandOn(w.post("https://reddit.test/1"));
    expect(handed).toEqual({ kept: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(handed)).not.toContain("Ada");
    const [kept] = [...w.itemOutcomes.items.values()];
    expect(kept?.candidates[0]?.title).toContain("Ada Lovelace");
    // An item with no match hands on that it found none.
    expect(await w.service.analyseAndHandOn(w.post("https://reddit.test/2"))).toEqual({ candidates: 0 });

    const recorded = await w.service.record({
      userId: "u1",
      scanId: "s1",
      platformId: "reddit",
      outcomes: [handed, { candidates: 0 }],
    });
    expect(recorded).toMatchObject({ created: [expect.any(String)], items: 2 });
    expect((await w.threats.list("u1")).map((t) => t.url)).toEqual(["https://reddit.test/1"]);
  });

  it("records nothing for an item whose kept candidates are gone (a scan resumed after they expired)", async () => {
    const w = world({});
    const recorded = await w.service.record({
      userId: "u1",
      scanId: "s1",
      platformId: "reddit",
      outcomes: [{ kept: "0".repeat(64) }],
    });
    expect(recorded).toMatchObject({ created: [], items: 1 });
  });
});
