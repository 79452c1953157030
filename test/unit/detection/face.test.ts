import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import { inspectImageForEnrolment } from "../../../packages/detection/src/face/enrolment.js";
import { matchFace } from "../../../packages/detection/src/face/match.js";
import { dataFile } from "./data-dir.js";

// Few images on purpose: the models load once (seconds) and each image costs a forward pass.
describe("faces", () => {
  it("matches the same person across two photos and not a different person", { timeout: 300_000 }, async () => {
    const [enrolledFace] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    const [samePerson] = await faceDescriptors(dataFile("faces/deepface/img2.jpg"));
    const [otherPerson] = await faceDescriptors(dataFile("faces/deepface/img26.jpg"));
    if (!enrolledFace || !samePerson || !otherPerson) throw new Error("a face was not detected");
    expect(enrolledFace.descriptor.length).toBe(128);
    const enrolled = [{ personId: "ID01", face: [enrolledFace.descriptor], voice: [] }];
    const same = matchFace(samePerson.descriptor, enrolled);
    const other = matchFace(otherPerson.descriptor, enrolled);
    expect(same?.personId).toBe("ID01");
    expect(same?.confidence).toBeGreaterThan(50);
    expect(other?.confidence).toBeLessThan(50);
    expect(other?.distance).toBeGreaterThan(same?.distance ?? 0);
  });

  it("refuses a group photo for enrolment with 'more than one face'", { timeout: 300_000 }, async () => {
    const inspection = await inspectImageForEnrolment(dataFile("faces/deepface/couple.jpg"));
    expect(inspection.accepted).toBe(false);
    expect(inspection.reasons).toContain("more than one face");
    expect(inspection.descriptor).toBeNull();
  });

  it("analyses an AI-declared image end to end: synthetic verdict resting on C2PA", { timeout: 300_000 }, async () => {
    const bytes = dataFile("provenance/c2pa-node-fixtures/tests/fixtures/ingredient-with-data-types.jpg");
    const result = await analyseMedia(bytes, { enrolled: [] });
    expect(result.media).toMatchObject({ kind: "image", format: "jpeg" });
    expect(result.synthetic.status).toBe("synthetic");
    expect(result.verdicts.find((v) => v.kind === "synthetic")?.basedOn).toContain("c2pa");
    // The provenance signals come first; the learned detectors after them have tests of their own.
    expect(result.signals.map((s) => s.id).slice(0, 4)).toEqual([
      "c2pa",
      "iptc-digital-source-type",
      "generator-metadata",
      "sd-watermark",
    ]);
  });
});
