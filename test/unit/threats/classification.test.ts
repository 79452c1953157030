import { likenessVerdict } from "@lg/domain/scanning/likeness-verdict";
import type { MediaAnalysis } from "@lg/domain/scanning/scan-ports";
import { Threat } from "@lg/domain/table/entities";
import {
  LegacyThreat,
  migrateThreatClassification,
  reclassifyStoredThreat,
  type StoredThreats,
} from "@lg/domain/threats/threat-migration";
import type { ThreatRecord } from "@lg/domain/threats/threat-ports";
import { threatView } from "@lg/domain/threats/threat-view";
import { describe, expect, it } from "vitest";

const people = [{ personId: "self", displayName: "Ada Moreno", face: [], voice: [] }];
const point = (falsePositiveRate: number) => ({
  threshold: 0.5,
  falsePositiveRate,
  truePositiveRate: 0.8,
  measuredOn: "../shared/train held-out split",
});

function finding(overrides: Partial<MediaAnalysis> = {}): MediaAnalysis {
  return {
    contentType: "image/jpeg",
    face: { personId: "self", confidence: 94 },
    voice: null,
    syntheticScore: 0.12,
    syntheticStatus: "no-evidence",
    syntheticSignals: [
      { id: "ai-image", status: "absent", score: 0.12, explanation: "CLIP probe", operatingPoint: point(0.02) },
    ],
    intimate: { status: "absent", score: 0.01, explanation: "" } as MediaAnalysis["intimate"],
    result: {},
    ...overrides,
  };
}

const found = { title: "Summer 2025", url: "https://www.reddit.com/r/pics/comments/x/" };

describe("threat type from evidence", () => {
  it("calls a face match with no synthetic evidence the genuine likeness used without consent, never a deepfake", () => {
    const verdict = likenessVerdict(finding(), people, found);
    expect(verdict?.threatType).toBe("likeness_misuse");
    expect(verdict?.title).toBe("Ada Moreno's face used without consent");
    expect(verdict?.classification.severity).toBe("medium");
    expect(verdict?.classification.found).toEqual(found);
    expect(verdict?.classification.reason).toContain("no synthetic-media evidence was found");
  });

  it("treats an unchecked synthetic verdict as genuine too, and says it could not be checked", () => {
    const verdict = likenessVerdict(finding({ syntheticStatus: "unknown", syntheticScore: null }), people);
    expect(verdict?.threatType).toBe("likeness_misuse");
    expect(verdict?.classification.reason).toContain("could not be checked");
  });

  it("calls it a deepfake only when the fused verdict is synthetic with a face match, stating the detector's FPR", () => {
    const verdict = likenessVerdict(
      finding({
        syntheticStatus: "synthetic",
        syntheticScore: 0.93,
        syntheticOperatingPoint: { ...point(0.008), genuineCount: 311 },
        syntheticSignals: [
          { id: "ai-image", status: "present", score: 0.93, explanation: "", operatingPoint: point(0.02) },
        ],
      }),
      people,
    );
    expect(verdict?.threatType).toBe("deepfake");
    expect(verdict?.title).toBe("Synthetic media showing Ada Moreno's face");
    expect(verdict?.classification.synthetic).toMatchObject({
      status: "synthetic",
      detectors: ["ai-image"],
      operatingPoint: { ...point(0.008), genuineCount: 311 },
    });
    expect(verdict?.classification.severity).toBe("critical");
    // The reason the details show names what checked, in plain words, never a detector id.
    expect(verdict?.classification.reason).toContain("(an AI-generated-image detector;");
    expect(verdict?.classification.reason).not.toContain("ai-image");
    expect(verdict?.classification.reason).toContain("wrongly flags 0.8% of 311 genuine pictures");
  });

  it("reports a picture detector's reading below the claim bar as possibly synthetic, with its rate, never as a deepfake", () => {
    const possibly = (status: "possibly-synthetic" | "synthetic", falsePositiveRate: number) =>
      likenessVerdict(
        finding({
          syntheticStatus: status,
          syntheticScore: 0.85,
          syntheticOperatingPoint: { ...point(falsePositiveRate), genuineCount: 311 },
          syntheticSignals: [{ id: "ai-image", status: "present", score: 0.85, explanation: "" }],
        }),
        people,
      );
    // The engine's own "possibly", and a stored "synthetic" reached at a looser point than 1%.
    for (const verdict of [possibly("possibly-synthetic", 0.048), possibly("synthetic", 0.015)]) {
      expect(verdict?.threatType).toBe("likeness_misuse");
      expect(verdict?.title).toBe("Ada Moreno's face used without consent");
      expect(verdict?.classification.synthetic.status).toBe("possibly-synthetic");
      expect(verdict?.classification.reason).toMatch(
        /an AI-generated-image detector read it as possibly synthetic \(at that level it also flags (4\.8|1\.5)% of 311 genuine pictures\), below the bar/,
      );
    }
  });

  it("is not critical when the match is below 90%, and a noisy detector's 'synthetic' is no deepfake", () => {
    const noisy = finding({
      syntheticStatus: "synthetic",
      syntheticScore: 0.7,
      syntheticOperatingPoint: point(0.2),
      syntheticSignals: [{ id: "face-synthetic", status: "present", explanation: "" }],
    });
    expect(likenessVerdict(noisy, people)?.classification).toMatchObject({
      type: "likeness_misuse",
      synthetic: { status: "possibly-synthetic" },
    });
    const declared = finding({
      face: { personId: "self", confidence: 80 },
      syntheticStatus: "synthetic",
      syntheticScore: 1,
      syntheticSignals: [{ id: "generator-metadata", status: "present", explanation: "" }],
    });
    expect(likenessVerdict(declared, people)?.classification).toMatchObject({ type: "deepfake", severity: "high" });
  });

  it("calls a voice a clone only when the voice countermeasure says synthetic", () => {
    const voice = { personId: "self", confidence: 96 };
    const genuine = likenessVerdict(
      finding({
        face: null,
        voice,
        syntheticStatus: "no-evidence",
        syntheticSignals: [{ id: "voice-synthetic", status: "absent", explanation: "" }],
      }),
      people,
    );
    expect(genuine?.threatType).toBe("likeness_misuse");
    expect(genuine?.title).toBe("Ada Moreno's voice used without consent");
    const cloned = likenessVerdict(
      finding({
        face: null,
        voice,
        syntheticStatus: "synthetic",
        syntheticScore: 0.88,
        syntheticSignals: [
          { id: "voice-synthetic", status: "present", score: 0.88, explanation: "", operatingPoint: point(0.03) },
        ],
      }),
      people,
    );
    expect(cloned?.threatType).toBe("voice_clone");
    expect(cloned?.title).toBe("Cloned voice imitating Ada Moreno");
    expect(cloned?.classification.synthetic.operatingPoint?.falsePositiveRate).toBe(0.03);
    expect(cloned?.classification.reason).toContain("and a cloned-voice detector found it synthetic");
  });

  it("calls a matched explicit picture intimate imagery, real or synthetic, and critical", () => {
    const intimate = { status: "present", score: 0.97, operatingPoint: point(0.01) };
    const real = likenessVerdict(finding({ intimate }), people);
    expect(real?.classification).toMatchObject({ type: "intimate_imagery", severity: "critical" });
    expect(real?.classification.synthetic.status).toBe("no-evidence");
    const fake = likenessVerdict(
      finding({
        intimate,
        syntheticStatus: "synthetic",
        syntheticScore: 0.95,
        syntheticOperatingPoint: point(0.005),
        syntheticSignals: [],
      }),
      people,
    );
    expect(fake?.classification).toMatchObject({ type: "intimate_imagery", synthetic: { status: "synthetic" } });
    expect(fake?.title).toBe("Intimate image showing Ada Moreno's face");
  });

  it("never claims intimate imagery on a reading whose stated false-positive rate is above the bound", () => {
    // 14.3% is what the old top-k video reading flagged (1 of 7 genuine clips, dark stage footage): a legal claim cannot rest on such a rate.
    const unreliable = { status: "present", score: 0.92, operatingPoint: point(0.143) };
    const video = likenessVerdict(finding({ contentType: "video/mp4", intimate: unreliable }), people);
    expect(video?.classification.type).toBe("likeness_misuse");
    expect(video?.classification.intimate).toBeUndefined();
    expect(video?.classification.reason).toContain("possibly explicit (score 92%)");
    expect(video?.classification.reason).toContain("wrongly flags 14.3% of genuine");
    const still = { status: "present", score: 0.92, operatingPoint: point(0.022) };
    expect(likenessVerdict(finding({ intimate: still }), people)?.classification.type).toBe("intimate_imagery");
  });

  it("raises nothing without a match at the floor", () => {
    expect(likenessVerdict(finding({ face: { personId: "self", confidence: 40 } }), people)).toBeNull();
  });
});

/** A threat as an earlier version stored it: no classification, its evidence in the detection record. */
const stored = (overrides: Record<string, unknown>) =>
  LegacyThreat.parse({
    userId: "u1",
    id: "thr_1",
    personId: "self",
    threatType: "deepfake",
    confidence: 92,
    platform: "reddit",
    url: "https://www.reddit.com/r/pics/comments/x/",
    title: "Ada Moreno's face used in content you do not own",
    status: "active",
    mediaSha256: "a".repeat(64),
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  });

describe("migration of stored threats", () => {
  it("re-types a stored 'deepfake' whose own detection found no synthetic evidence, with its title and severity", () => {
    const old = stored({
      detection: {
        synthetic: "no-synthetic-evidence",
        syntheticScore: 0.07,
        signals: [{ id: "c2pa", status: "absent", explanation: "" }],
        face: { personId: "self", confidence: 92 },
        voice: null,
      },
    });
    const migrated = reclassifyStoredThreat(old, "Ada Moreno");
    expect(migrated).toMatchObject({
      threatType: "likeness_misuse",
      title: "Ada Moreno's face used without consent",
      classification: { type: "likeness_misuse", severity: "medium", derivedFrom: "stored-detection" },
    });
    // Running it again changes nothing.
    expect(reclassifyStoredThreat(LegacyThreat.parse(migrated), "Ada Moreno")).toBeNull();
  });

  it("keeps a stored deepfake whose detection says synthetic, and turns a genuine 'voice clone' into a re-used voice", () => {
    const fake = stored({
      detection: {
        synthetic: "synthetic",
        syntheticScore: 0.98,
        signals: [{ id: "generator-metadata", status: "present", explanation: "" }],
        face: { personId: "self", confidence: 92 },
      },
    });
    expect(reclassifyStoredThreat(fake, "you")).toMatchObject({
      threatType: "deepfake",
      title: "Synthetic media showing your face",
      classification: { severity: "critical", synthetic: { declared: true } },
    });
    const voice = stored({
      threatType: "voice_clone",
      detection: {
        synthetic: "no-synthetic-evidence",
        syntheticScore: 0.2,
        voice: { personId: "self", confidence: 97 },
      },
    });
    expect(reclassifyStoredThreat(voice, "you")).toMatchObject({
      threatType: "likeness_misuse",
      title: "Your voice used without consent",
    });
  });

  it("re-derives impersonation from the stored handle; reads take only a migrated threat", () => {
    const profile = stored({
      threatType: "impersonation",
      title: "Profile @ada_m0reno impersonating Ada Moreno",
      detection: { nameMatch: "Ada Moreno", handle: "ada_m0reno", face: { personId: "self", confidence: 91 } },
    });
    expect(reclassifyStoredThreat(profile, "Ada Moreno")?.classification).toMatchObject({
      type: "impersonation",
      severity: "high",
    });
    const legacy = stored({ detection: { synthetic: "no-synthetic-evidence", face: { confidence: 92 } } });
    // Outside the migration a threat's classification is required: an unmigrated one is not read as a threat.
    expect(Threat.schema.safeParse(legacy).success).toBe(false);
    const migrated = Threat.schema.parse(reclassifyStoredThreat(legacy, "you"));
    expect(threatView(migrated)).toMatchObject({
      threatType: "likeness_misuse",
      severity: "medium",
      detection: { synthetic: false },
    });
  });
});

describe("migrateThreatClassification", () => {
  it("rewrites only threats out of line with their evidence, names protected people, and skips ones that keep changing", async () => {
    const genuine = stored({ detection: { synthetic: "no-synthetic-evidence", face: { confidence: 92 } } });
    const exec = stored({
      id: "thr_2",
      personId: "exec-1",
      detection: { synthetic: "no-synthetic-evidence", face: { confidence: 92 } },
    });
    const busy = stored({ id: "thr_3", detection: { synthetic: "no-synthetic-evidence", face: { confidence: 92 } } });
    const written: ThreatRecord[] = [];
    const store: StoredThreats = {
      async *all() {
        yield* [genuine, exec, busy];
      },
      replaceIfUnchanged: async (next) => {
        if (next.id === "thr_3") return false;
        written.push(next);
        return true;
      },
      current: async (_user, id) => [genuine, exec, busy].find((t) => t.id === id) ?? null,
      personName: async (_user, personId) => (personId === "exec-1" ? "Jordan Blake" : undefined),
    };
    const run = await migrateThreatClassification(store, () => "2026-11-23T22:00:00.000Z");
    expect(run).toEqual({ examined: 3, migrated: 2, skipped: 1 });
    expect(written.map((t) => [t.threatType, t.title, t.updatedAt])).toEqual([
      ["likeness_misuse", "Your face used without consent", "2026-11-23T22:00:00.000Z"],
      ["likeness_misuse", "Jordan Blake's face used without consent", "2026-11-23T22:00:00.000Z"],
    ]);
  });

  it("reads a threat changed while it was migrated again and migrates it, since an unmigrated threat cannot be read", async () => {
    const before = stored({ detection: { synthetic: "no-synthetic-evidence", face: { confidence: 92 } } });
    // A person dismissed it between the migration's read and its write.
    const now = { ...before, status: "dismissed" as const, updatedAt: "2026-11-23T21:59:00.000Z" };
    const written: ThreatRecord[] = [];
    const store: StoredThreats = {
      async *all() {
        yield before;
      },
      replaceIfUnchanged: async (next, previousUpdatedAt) => {
        if (previousUpdatedAt !== now.updatedAt) return false;
        written.push(next);
        return true;
      },
      current: async () => now,
      personName: async () => undefined,
    };
    expect(await migrateThreatClassification(store, () => "2026-11-23T22:00:00.000Z")).toEqual({
      examined: 1,
      migrated: 1,
      skipped: 0,
    });
    expect(written).toMatchObject([{ status: "dismissed", classification: { type: "likeness_misuse" } }]);
  });
});
