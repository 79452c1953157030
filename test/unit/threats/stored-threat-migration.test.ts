import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { Threat } from "@lg/domain/table/entities";
import { DynamoThreatListing } from "@lg/domain/threats/adapters/dynamo-threat-listing";
import { DynamoStoredThreats } from "@lg/domain/threats/adapters/dynamo-threat-migration";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { migrateThreatClassification } from "@lg/domain/threats/threat-migration";
import { threatListItem, threatView } from "@lg/domain/threats/threat-view";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const table = useDynamoStandIn("stored-threat-migration-test");

describe("the after-deploy threat migration on the table", () => {
  it("rewrites a threat stored before classification, after which reads take its typed classification", async () => {
    const { doc, table: TABLE } = table;
    const userId = "stored-before-classification";
    const id = "thr_old";
    // As an early scan stored it: called a deepfake on the face match alone, no classification,
    // no listing fields or list keys, its evidence only in the untyped detection record.
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...Threat.key({ userId, id }),
          entity: "Threat",
          userId,
          id,
          personId: "self",
          threatType: "deepfake",
          confidence: 92,
          platform: "reddit",
          url: "https://www.reddit.com/r/pics/comments/old/",
          title: "Deepfake of you",
          status: "active",
          mediaSha256: "a".repeat(64),
          detection: {
            synthetic: "no-synthetic-evidence",
            syntheticScore: 0.07,
            face: { personId: "self", confidence: 92 },
          },
          sightings: [{ url: "https://www.reddit.com/r/pics/comments/old/", seenAt: "2026-10-01T00:00:00.000Z" }],
          createdAt: "2026-10-01T00:00:00.000Z",
          updatedAt: "2026-10-01T00:00:00.000Z",
        },
      }),
    );
    const repo = new DynamoThreatRepository(doc, TABLE);
    // Outside the migration the classification is required: the old item is not read as a threat.
    await expect(repo.get(userId, id)).rejects.toThrow();

    const store = new DynamoStoredThreats(doc, TABLE);
    const at = "2026-11-29T16:00:00.000Z";
    expect(await migrateThreatClassification(store, () => at)).toEqual({ examined: 1, migrated: 1, skipped: 0 });

    const migrated = await repo.get(userId, id);
    expect(migrated).toMatchObject({
      threatType: "likeness_misuse",
      title: "Your face used without consent",
      severity: "medium",
      syntheticVerdict: "no-evidence",
      updatedAt: at,
      classification: {
        type: "likeness_misuse",
        severity: "medium",
        likeness: { modality: "face", confidence: 92 },
        synthetic: { status: "no-evidence" },
        derivedFrom: "stored-detection",
      },
    });
    if (!migrated) throw new Error("the migrated threat is read");
    expect(threatView(migrated)).toMatchObject({ threatType: "likeness_misuse", severity: "medium" });
    // It is listed too: the rewrite gave it the listing fields and list keys.
    const page = await new DynamoThreatListing(doc, TABLE).page({ userId, order: "newest", filters: {}, limit: 10 });
    expect(page.items.map(threatListItem)).toMatchObject([
      { id, threatType: "likeness_misuse", severity: "medium", synthetic: "no-evidence", matchModality: "face" },
    ]);

    // The next deploy's run finds it in line and writes nothing.
    expect(await migrateThreatClassification(store, () => "2026-11-30T16:00:00.000Z")).toEqual({
      examined: 1,
      migrated: 0,
      skipped: 0,
    });
    expect((await repo.get(userId, id))?.updatedAt).toBe(at);
  });
});
