import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { SEED_PLATFORMS, seedThreats } from "../support/threat-seed.js";
import { clientConfig } from "./local-clients.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

/**
 * The threat list against the local stack (docs/threats-api.md): pages by cursor, filters, search,
 * sorts, groups, bulk and group actions with undo and history, and one account never reaching
 * another's threats.
 */
const stack = inject("localStack");
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")), {
  marshallOptions: { removeUndefinedValues: true },
});

interface Item {
  id: string;
  status: string;
  platform: string;
  threatType: string;
  confidence: number;
  severity: string;
  synthetic: string;
  account?: string;
  createdAt: string;
  allowedActions: string[];
  groups: { media: string; account?: string };
}
interface Page {
  items: Item[];
  nextCursor: string | null;
  total?: number;
}
interface GroupPage {
  groups: { kind: string; key: string; count: number; memberIds: string[]; statusCounts: Record<string, number> }[];
  nextCursor: string | null;
}

const get = (person: SignedUpPerson, path: string) =>
  fetch(`${stack.url}${path}`, { headers: { cookie: person.cookie } });
const post = (person: SignedUpPerson, path: string, body: unknown) =>
  fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { cookie: person.cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function list(person: SignedUpPerson, query: string): Promise<Page> {
  const res = await get(person, `/api/threats?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page;
}

/** Every item of a query, following cursors (a filtered page may hold fewer than its limit). */
async function all(person: SignedUpPerson, query: string): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const page: Page = await list(person, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error("more pages than expected");
}

const COUNT = 240;
let ada: SignedUpPerson;
let bo: SignedUpPerson;

beforeAll(async () => {
  [ada, bo] = await Promise.all([signUp(stack.url, "triage-ada"), signUp(stack.url, "triage-bo")]);
  await seedThreats(doc, stack.env.TABLE_NAME ?? "", ada.userId, { count: COUNT, parallel: 2 });
  await seedThreats(doc, stack.env.TABLE_NAME ?? "", bo.userId, { count: 10, parallel: 1, seed: 5 });
});

describe("the threat list", () => {
  it("pages newest first by cursor through every threat once, with the total", async () => {
    const first = await list(ada, "limit=50");
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(COUNT);
    const everything = await all(ada, "limit=50");
    expect(everything).toHaveLength(COUNT);
    expect(new Set(everything.map((i) => i.id)).size).toBe(COUNT);
    const times = everything.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("filters by status, platform, type, band, verdict and person, matching the unfiltered list", async () => {
    const everything = await all(ada, "limit=100");
    const cases: [string, (i: Item) => boolean][] = [
      ["platform=youtube,reddit", (i) => i.platform === "youtube" || i.platform === "reddit"],
      ["type=voice_clone,impersonation", (i) => i.threatType === "voice_clone" || i.threatType === "impersonation"],
      ["confidence=medium", (i) => i.confidence >= 70 && i.confidence < 90],
      ["synthetic=synthetic&status=active", (i) => i.synthetic === "synthetic" && i.status === "active"],
      ["person=self", () => true],
      ["person=someone-else", () => false],
    ];
    for (const [query, keep] of cases) {
      const ids = (await all(ada, `limit=25&${query}`)).map((i) => i.id);
      expect(ids, query).toEqual(everything.filter(keep).map((i) => i.id));
    }
    expect(SEED_PLATFORMS).toContain("youtube");
  });

  it("searches title, URL and account, case-insensitively", async () => {
    const everything = await all(ada, "limit=100");
    const handle = everything.find((i) => i.account?.startsWith("account_"))?.account ?? "none";
    const found = await all(ada, `limit=25&q=${encodeURIComponent(handle.toUpperCase())}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((i) => i.id)).toEqual(everything.filter((i) => i.account?.includes(handle)).map((i) => i.id));
  });

  it("sorts by confidence and by severity, and a band with the confidence sort is a key range", async () => {
    const byConfidence = await all(ada, "limit=100&sort=confidence");
    const confidences = byConfidence.map((i) => i.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    const rank = { critical: 4, high: 3, medium: 2, low: 1 } as Record<string, number>;
    const bySeverity = (await all(ada, "limit=100&sort=severity")).map((i) => rank[i.severity] ?? 0);
    expect(bySeverity).toEqual([...bySeverity].sort((a, b) => b - a));
    const high = await all(ada, "limit=25&sort=confidence&confidence=high");
    expect(high.map((i) => i.id)).toEqual(byConfidence.filter((i) => i.confidence >= 90).map((i) => i.id));
  });

  it("groups by account with counts that add up to the threats", async () => {
    const everything = await all(ada, "limit=100");
    const groups: GroupPage["groups"] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        ada,
        `/api/threats?groupBy=account&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.status).toBe(200);
      const page = (await res.json()) as GroupPage;
      groups.push(...page.groups);
      cursor = page.nextCursor;
    } while (cursor);
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(everything.filter((i) => i.groups.account).length);
    const heavy = groups.sort((a, b) => b.count - a.count)[0];
    expect(heavy?.count).toBeGreaterThan(5);
    expect(heavy?.memberIds.length).toBe(Math.min(10, heavy?.count ?? 0));
  });

  it("groups the same picture recorded as two types of threat into one media group", async () => {
    const everything = await all(ada, "limit=100");
    const groups: GroupPage["groups"] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        ada,
        `/api/threats?groupBy=media&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      const page = (await res.json()) as GroupPage;
      groups.push(...page.groups);
      cursor = page.nextCursor;
    } while (cursor);
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(everything.length);
    const shared = groups.find((g) => g.count > 1);
    const members = everything.filter((i) => shared?.memberIds.includes(i.id));
    expect(members.length).toBe(shared?.count);
    expect(new Set(members.map((m) => m.threatType)).size).toBe(members.length);
  });

  it("refuses bad parameters and cursors with 400", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "sort=oldest",
      "status=open",
      "colour=red",
      "cursor=garbage",
      "groupBy=account&type=deepfake",
      "q=x",
    ]) {
      expect((await get(ada, `/api/threats?${query}`)).status, query).toBe(400);
    }
    const page = await list(ada, "limit=10");
    const elsewhere = await get(ada, `/api/threats?limit=10&sort=confidence&cursor=${page.nextCursor}`);
    expect(elsewhere.status).toBe(400);
    // Ada's own cursor is no key to Bo's list: it names Ada's partition.
    expect((await get(bo, `/api/threats?limit=10&cursor=${page.nextCursor}`)).status).toBe(400);
  });
});

describe("triage actions", () => {
  it("bulk-marks false positives, undoes one, and keeps each threat's history", async () => {
    const [a, b, c] = (await list(ada, "limit=3&status=active")).items;
    const marked = await post(ada, "/api/threats/actions", {
      action: "false_positive",
      threatIds: [a?.id, b?.id, c?.id],
    });
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as { changed: string[] }).changed).toHaveLength(3);
    const details = (await (await get(ada, `/api/threats/${a?.id}`)).json()) as {
      status: string;
      allowedActions: string[];
      history: { actor: string; action: string; from?: string; to?: string; bulk?: boolean }[];
    };
    expect(details.status).toBe("false_positive");
    expect(details.allowedActions).toEqual(["undo"]);
    expect(details.history.at(-1)).toMatchObject({
      actor: ada.userId,
      action: "false_positive",
      from: "active",
      to: "false_positive",
      bulk: true,
    });

    const undone = await post(ada, `/api/threats/${a?.id}/actions`, { action: "undo" });
    expect(undone.status).toBe(200);
    const after = (await undone.json()) as { status: string; history: { action: string; to?: string }[] };
    expect(after.status).toBe("active");
    expect(after.history.map((e) => e.action)).toEqual(["detected", "false_positive", "undo"]);

    // A false positive cannot be dismissed; the refusal says why.
    const refused = await post(ada, `/api/threats/${b?.id}/actions`, { action: "dismiss" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /false_positive cannot be marked dismissed/,
    );
    const allRefused = await post(ada, "/api/threats/actions", { action: "undo", threatIds: [a?.id] });
    expect(allRefused.status).toBe(409);
  });

  it("acts on a whole group, and the counts follow", async () => {
    const before = (await (await get(ada, "/api/stats")).json()) as {
      threatCounts: { byStatus: Record<string, number> };
    };
    const groups = (await (await get(ada, "/api/threats?groupBy=account&status=active&limit=5")).json()) as GroupPage;
    const group = groups.groups.find((g) => (g.statusCounts.active ?? 0) > 1) ?? groups.groups[0];
    const active = group?.statusCounts.active ?? 0;
    const res = await post(ada, "/api/threats/actions", {
      action: "dismiss",
      groups: [{ kind: "account", key: group?.key }],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { changed: string[] }).changed).toHaveLength(active);
    const after = (await (await get(ada, "/api/stats")).json()) as {
      threatCounts: { byStatus: Record<string, number> };
    };
    expect(after.threatCounts.byStatus.dismissed).toBe((before.threatCounts.byStatus.dismissed ?? 0) + active);
    expect(after.threatCounts.byStatus.active).toBe((before.threatCounts.byStatus.active ?? 0) - active);
    const counted = await all(ada, "limit=100&status=dismissed");
    expect(counted).toHaveLength(after.threatCounts.byStatus.dismissed ?? -1);
  });

  it("never shows or changes another account's threats", async () => {
    const adas = (await list(ada, "limit=1")).items[0];
    expect((await get(bo, `/api/threats/${adas?.id}`)).status).toBe(404);
    expect((await post(bo, `/api/threats/${adas?.id}/actions`, { action: "dismiss" })).status).toBe(404);
    expect((await post(bo, "/api/threats/actions", { action: "dismiss", threatIds: [adas?.id] })).status).toBe(404);
    const adasGroup = adas?.groups.account;
    expect(
      (await post(bo, "/api/threats/actions", { action: "dismiss", groups: [{ kind: "account", key: adasGroup }] }))
        .status,
    ).toBe(404);
    expect((await get(ada, `/api/threats/${adas?.id}`)).status).toBe(200);
    const bos = await all(bo, "limit=100");
    expect(bos).toHaveLength(10);
    expect(bos.some((i) => i.id === adas?.id)).toBe(false);
  });

  it("refuses a malformed action with 400", async () => {
    for (const body of [
      { action: "takedown", threatIds: ["x"] },
      { action: "dismiss" },
      { action: "dismiss", threatIds: [] },
    ]) {
      expect((await post(ada, "/api/threats/actions", body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
