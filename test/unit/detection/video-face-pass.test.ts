import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import {
  LEARNED_SIGNALS,
  whyDetectorLeftOut,
  whyReadingCannotChangeVerdict,
} from "../../../packages/detection/src/fusion.js";
import { dataFile } from "./data-dir.js";

describe("a video's face passes", () => {
  it("skip each face's own CLIP pass exactly when no reading of it could change the video's verdict level", {
    timeout: 120_000,
  }, async () => {
    // A genuine stage clip. Whether its faces need a pass of their own depends on how near the
    // frames' aggregated whole-picture reading (with the container's declarations) puts the fused
    // probability to a level's threshold: both levels count, "possibly synthetic" as much as "synthetic".
    const result = await analyseMedia(dataFile("faces/face_recognition/examples/short_hamilton_clip.mp4"), {
      enrolled: [],
    });
    const face = result.signals.find((s) => s.id === "face-synthetic");
    const aiImage = result.signals.find((s) => s.id === "ai-image");
    expect(aiImage?.status).toBe("absent");
    const declarations = result.signals.filter((s) => !LEARNED_SIGNALS.includes(s.id));
    // A fit that leaves the face probe out of the fusion skips it on every video, for that reason.
    const leftOut = whyDetectorLeftOut("face-synthetic", "video");
    const why = leftOut ?? whyReadingCannotChangeVerdict("face-synthetic", "video", [...declarations, aiImage!]);
    const sbi = result.signals.find((s) => s.id === "face-swap-sbi");
    if (why) {
      expect(face?.status).toBe("unknown");
      expect(face?.explanation).toContain(leftOut ? "leaves this detector out" : "could not change the verdict");
      // The face-swap head reads only the crops that probe passed through CLIP, and says why there were none.
      if (sbi && whyDetectorLeftOut("face-swap-sbi", "video") === null) {
        expect(sbi.status).toBe("unknown");
        expect(sbi.explanation).toContain("none was made for this frame");
        if (leftOut) expect(sbi.explanation).toContain("left out of the fitted video fusion");
        else expect(sbi.explanation).not.toContain("left out");
      }
    } else {
      expect(face?.status).not.toBe("unknown");
      expect(typeof face?.score).toBe("number");
    }
    expect(result.synthetic.status).not.toBe("synthetic");
  });
});
