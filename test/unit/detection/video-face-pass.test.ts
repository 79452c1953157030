import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { dataFile } from "./data-dir.js";

describe("a video's face passes", () => {
  it("skips each face's own CLIP pass when no reading of it could change the video's verdict", {
    timeout: 120_000,
  }, async () => {
    // A genuine stage clip: its frames' whole-picture reading leaves the fused verdict far below the
    // threshold, so the faces' crops need no pass of their own.
    const result = await analyseMedia(dataFile("faces/face_recognition/examples/short_hamilton_clip.mp4"), {
      enrolled: [],
    });
    const face = result.signals.find((s) => s.id === "face-synthetic");
    expect(face?.status).toBe("unknown");
    expect(face?.explanation).toContain("could not change the verdict");
    expect(result.signals.find((s) => s.id === "ai-image")?.status).toBe("absent");
    expect(result.synthetic.status).toBe("no-evidence");
  });
});
