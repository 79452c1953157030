import { describe, expect, it } from "vitest";
import { personas } from "../../../local/src/platform-simulator/personas.js";
import { buildScenario } from "../../../local/src/platform-simulator/scenario.js";
import { readLabels } from "../../../packages/detection/src/labelled-data.js";
import { dataDir } from "./simulator-harness.js";

describe("simulator scenario", async () => {
  const labels = await readLabels(dataDir);
  const persona = personas.obama!;
  const build = (seed: number) => buildScenario(labels, persona, { totalItems: 120, plantedItems: 20, seed });

  it("plants the persona's face and voice from files other than the enrolment ones", () => {
    const s = build(3);
    const planted = s.items.filter((i) => i.planted);
    expect(planted).toHaveLength(20);
    const subjectsOf = (p: string) => labels.find((l) => l.path === p)!.subjects;
    for (const item of planted) {
      const media = item.media[0]!;
      expect([persona.faceEnrolment, persona.voiceEnrolment]).not.toContain(media.path);
      expect(subjectsOf(media.path)).toContain(item.planted!.subject);
    }
    expect(new Set(planted.map((i) => i.planted!.reason))).toEqual(
      new Set(["face-match", "voice-match", "voice-clone", "impersonation"]),
    );
  });

  it("decoys never carry the persona's identities", () => {
    for (const item of build(3).items.filter((i) => !i.planted)) {
      const subjects = labels.find((l) => l.path === item.media[0]!.path)!.subjects;
      expect(subjects).not.toContain(persona.faceSubject);
      expect(subjects).not.toContain(persona.voiceSubject);
    }
  });

  it("is deterministic for a seed and differs across seeds", () => {
    expect(build(5)).toEqual(build(5));
    expect(build(5).items.map((i) => i.source)).not.toEqual(build(6).items.map((i) => i.source));
  });
});

describe("decoys never show the persona", async () => {
  const labels = await readLabels(dataDir);

  it("keeps a clip whose labels omit the persona, who appears in it, out of the decoys", () => {
    const scenario = buildScenario(labels, personas.obama!, { totalItems: 400, plantedItems: 20, seed: 7 });
    const clip = "faces/face_recognition/examples/short_hamilton_clip.mp4";
    expect(scenario.items.filter((i) => !i.planted && i.media.some((m) => m.path === clip))).toEqual([]);
    const biden = buildScenario(labels, personas.biden!, { totalItems: 400, plantedItems: 20, seed: 7 });
    expect(biden.items.some((i) => i.media.some((m) => m.path === clip))).toBe(true);
  });
});
