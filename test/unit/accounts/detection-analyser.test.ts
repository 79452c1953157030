import { describe, expect, it } from "vitest";
import { DetectionAnalyser } from "../../../lambdas/src/shared/biometrics/detection-analyser.js";
import { dataFile } from "../detection/data-dir.js";

const analyser = new DetectionAnalyser();
const portrait = () => dataFile("faces/deepface/img1.jpg");
const notAPicture = new TextEncoder().encode("not a picture at all");

describe("enrolment analyser (photos and live-check frames)", () => {
  it("reads a portrait photo's one face with its box and the photo's perceptual hash", async () => {
    const photo = await analyser.analyseFacePhoto(portrait(), "frontal");
    if (!photo.ok) throw new Error(photo.reason);
    expect(photo.descriptor.length).toBeGreaterThan(0);
    expect(photo.box?.width).toBeGreaterThan(0);
    expect(photo.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("reads a live-check frame's face with the same descriptor, plus its landmarks and light", async () => {
    const photo = await analyser.analyseFacePhoto(portrait(), "turned");
    const frame = await analyser.analyseLiveFrame(portrait());
    if (!photo.ok || !frame.ok) throw new Error("the portrait was refused");
    expect([...frame.descriptor]).toEqual([...photo.descriptor]);
    expect(frame.box).toEqual(photo.box);
    expect(frame.landmarks.length).toBe(5);
    expect(frame.light).toBeDefined();
    expect("perceptualHash" in frame).toBe(false);
  });

  it("says in words why unreadable bytes give no face, for a photo and a frame alike", async () => {
    for (const read of [analyser.analyseFacePhoto(notAPicture, "frontal"), analyser.analyseLiveFrame(notAPicture)]) {
      const result = await read;
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^Could not read the photo: /);
    }
  });
});
