import type { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { Threat } from "../../../packages/domain/src/table/entities.js";
import { toItem } from "../../../packages/domain/src/table/entity.js";
import {
  DynamoThreatListing,
  PAGE_READ_BUDGET,
} from "../../../packages/domain/src/threats/adapters/dynamo-threat-listing.js";
import type { ResumeKey } from "../../../packages/domain/src/threats/threat-list-query.js";
import type { ThreatRecord } from "../../../packages/domain/src/threats/threat-ports.js";
import { threatClassification } from "../../support/threat-classification.js";

/**
 * DynamoDB's Query as the listing uses it, over items in memory: newest first on gsi2, `Limit`
 * counts items read before the filter, and LastEvaluatedKey marks the last item read. The filter
 * itself is the test's predicate (the expression's meaning is DynamoDB's, tested in integration).
 */
function queryTable(items: Record<string, unknown>[], keep: (item: Record<string, unknown>) => boolean) {
  const sorted = [...items].sort((a, b) => String(b.gsi2sk).localeCompare(String(a.gsi2sk)));
  const reads: number[] = [];
  const doc = {
    async send(command: QueryCommand) {
      const input = command.input;
      const start = input.ExclusiveStartKey;
      const from = start ? sorted.findIndex((i) => i.sk === start.sk) + 1 : 0;
      const read = sorted.slice(from, from + (input.Limit ?? sorted.length));
      reads.push(read.length);
      const last = read.at(-1);
      const more = from + read.length < sorted.length;
      return {
        Items: input.FilterExpression ? read.filter(keep) : read,
        ScannedCount: read.length,
        ...(more && last
          ? { LastEvaluatedKey: { pk: last.pk, sk: last.sk, gsi2pk: last.gsi2pk, gsi2sk: last.gsi2sk } }
          : {}),
      };
    },
  } as unknown as DynamoDBDocumentClient;
  return { doc, reads };
}

const threat = (i: number): ThreatRecord => ({
  userId: "u1",
  id: `t${String(i).padStart(5, "0")}`,
  personId: "self",
  threatType: "deepfake",
  confidence: 90,
  platform: i % 50 === 0 ? "rare" : "common",
  url: `https://x.example/${i}`,
  status: "active",
  mediaSha256: `m${i}`,
  detection: {},
  classification: threatClassification("deepfake", { confidence: 90 }),
  sightings: [],
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
});

async function walk(listing: DynamoThreatListing, platforms: string[] | undefined, limit: number) {
  const pages: string[][] = [];
  let resumeKey: ResumeKey | undefined;
  for (let n = 0; n < 500; n++) {
    const page = await listing.page({
      userId: "u1",
      order: "newest",
      filters: platforms ? { platforms } : {},
      limit,
      ...(resumeKey ? { resumeKey } : {}),
    });
    pages.push(page.items.map((t) => t.id));
    resumeKey = page.resumeKey;
    if (!resumeKey) return pages;
  }
  throw new Error("never ended");
}

describe("a bounded page", () => {
  const items = Array.from({ length: 1200 }, (_, i) => toItem(Threat, threat(i)));
  const newestFirst = (keep: (i: number) => boolean) =>
    Array.from({ length: 1200 }, (_, i) => 1199 - i)
      .filter(keep)
      .map((i) => threat(i).id);

  it("pages an unfiltered list exactly, each threat once", async () => {
    const { doc } = queryTable(items, () => true);
    const pages = await walk(new DynamoThreatListing(doc, "t"), undefined, 25);
    expect(pages.flat()).toEqual(newestFirst(() => true));
    expect(pages.slice(0, -1).every((p) => p.length === 25)).toBe(true);
  });

  it("resumes a page that filled part-way through a read after its last item, skipping none", async () => {
    const { doc } = queryTable(items, (i) => i.platform === "common");
    const pages = await walk(new DynamoThreatListing(doc, "t"), ["common"], 25);
    expect(pages.flat()).toEqual(newestFirst((i) => i % 50 !== 0));
  });

  it("answers a selective filter with what a bounded read found, and carries on from there", async () => {
    const { doc, reads } = queryTable(items, (i) => i.platform === "rare");
    const listing = new DynamoThreatListing(doc, "t");
    const pages = await walk(listing, ["rare"], 25);
    expect(pages.flat()).toEqual(newestFirst((i) => i % 50 === 0));
    // 1,200 threats at most PAGE_READ_BUDGET read per page: several short pages, none reading more.
    expect(pages.length).toBe(Math.ceil(1200 / PAGE_READ_BUDGET));
    expect(pages[0]?.length).toBeLessThan(25);
    expect(reads.reduce((a, b) => a + b, 0)).toBe(1200);
  });
});
