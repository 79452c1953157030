import { describe, expect, it } from "vitest";
import { DomainError } from "../../../packages/domain/src/errors.js";
import { classifyMedia } from "../../../packages/domain/src/threats/classification.js";
import { withListingFields } from "../../../packages/domain/src/threats/threat-listing-fields.js";
import type { ThreatListing } from "../../../packages/domain/src/threats/threat-listing-ports.js";
import type { ThreatRecord } from "../../../packages/domain/src/threats/threat-ports.js";
import { ThreatTriage } from "../../../packages/domain/src/threats/threat-triage.js";
import { threatListItem, threatView } from "../../../packages/domain/src/threats/threat-view.js";
import { describeFindings } from "../../../packages/notices/src/notices/sections.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";

const AT = "2026-11-29T12:00:00.000Z";

/** A genuine re-use whose picture one detector read as possibly synthetic, below the bar for a claim. */
function possiblySynthetic(id = "thr_1", status: "possibly-synthetic" | "no-evidence" = "possibly-synthetic") {
  const classified = classifyMedia(
    {
      face: { personId: "self", confidence: 99 },
      voice: null,
      synthetic: { status, score: 0.4 },
      signals: [{ id: "ai-image", status: status === "possibly-synthetic" ? "present" : "absent", score: 0.4 }],
      intimate: null,
    },
    50,
  );
  if (!classified) throw new Error("not classified");
  return withListingFields({
    userId: "u1",
    id,
    personId: "self",
    threatType: classified.classification.type,
    confidence: 99,
    platform: "youtube",
    url: `https://youtube.example/watch?v=${id}`,
    status: "active",
    mediaSha256: "a".repeat(64),
    detection: {},
    classification: classified.classification,
    sightings: [],
    createdAt: AT,
    updatedAt: AT,
  } as ThreatRecord);
}

async function setUp(threat: ThreatRecord) {
  const repo = new InMemoryThreatRepository();
  await repo.createIfAbsent(threat);
  const triage = new ThreatTriage({ listing: {} as ThreatListing, threats: repo, now: () => AT });
  return { repo, triage };
}

describe("disputing the 'Possibly synthetic' label alone", () => {
  it("withdraws the label and keeps the threat, its status and its likeness finding", async () => {
    const { repo, triage } = await setUp(possiblySynthetic());
    const after = await triage.actOne("u1", "member-7", "thr_1", "dispute_label");
    const stored = (await repo.get("u1", "thr_1")) as ThreatRecord;
    expect(stored.status).toBe("active");
    expect(stored.threatType).toBe("likeness_misuse");
    expect(stored.labelDispute).toEqual({ label: "possibly-synthetic", at: AT, by: "member-7" });
    // The detectors' reading stays as the record of why it was labelled.
    expect(stored.classification?.synthetic.status).toBe("possibly-synthetic");
    expect(threatListItem(stored)).toMatchObject({
      status: "active",
      labelDispute: { label: "possibly-synthetic", at: AT },
    });
    expect(threatView(after)).toMatchObject({ labelDispute: { at: AT } });
  });

  it("records the dispute in the threat's history, naming who disputed it", async () => {
    const { repo, triage } = await setUp(possiblySynthetic());
    await triage.actOne("u1", "u1", "thr_1", "dispute_label");
    expect(await repo.listAudit("u1", "thr_1")).toEqual([
      expect.objectContaining({ action: "label_disputed", actor: "u1", actorKind: "user", at: AT }),
    ]);
  });

  it("refuses a second dispute, and a threat with no such label, with a reason and no change", async () => {
    const { repo, triage } = await setUp(possiblySynthetic());
    await triage.actOne("u1", "u1", "thr_1", "dispute_label");
    await expect(triage.actOne("u1", "u1", "thr_1", "dispute_label")).rejects.toThrow(
      new DomainError("conflict", "You have already disputed this threat's label"),
    );
    const plain = await setUp(possiblySynthetic("thr_2", "no-evidence"));
    await expect(plain.triage.actOne("u1", "u1", "thr_2", "dispute_label")).rejects.toThrow(
      "This threat has no 'Possibly synthetic' label to dispute",
    );
    expect((await plain.repo.get("u1", "thr_2"))?.labelDispute).toBeUndefined();
    expect(await repo.listAudit("u1", "thr_1")).toHaveLength(1);
  });

  it("never lets another account dispute the label of a threat that is not theirs", async () => {
    const { repo, triage } = await setUp(possiblySynthetic());
    await expect(triage.actOne("u2", "u2", "thr_1", "dispute_label")).rejects.toThrow("Threat not found");
    expect((await repo.get("u1", "thr_1"))?.labelDispute).toBeUndefined();
  });

  it("leaves notices making no claim about how the material was made", async () => {
    const { repo, triage } = await setUp(possiblySynthetic());
    await triage.actOne("u1", "u1", "thr_1", "dispute_label");
    const stored = (await repo.get("u1", "thr_1")) as ThreatRecord;
    const findings = describeFindings(stored);
    expect(findings).toContain("This notice makes no claim about how the material was made.");
    expect(findings).not.toMatch(/synthetic|AI-generated/i);
  });
});
