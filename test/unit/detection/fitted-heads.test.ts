import { readFileSync } from "node:fs";
import path from "node:path";
import { FITTED_HEADS, type FittedFile, loadFitted, MalformedFit } from "@lg/detection/fitted/manifest";
import { describe, expect, it, vi } from "vitest";

const detectionSrc = path.resolve(import.meta.dirname, "../../../packages/detection/src");
const committed = (file: FittedFile): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(detectionSrc, file), "utf8"));

describe("the manifest of fitted heads", () => {
  it("accepts every committed fit, returning the file's own contents", () => {
    for (const file of Object.keys(FITTED_HEADS) as FittedFile[]) {
      const json = committed(file);
      expect(loadFitted(file, json), file).toBe(json);
    }
  });

  it("refuses a fit missing a threshold the verdict depends on, naming the file, the field and the refit", () => {
    const fusion = committed("fusion-model.json") as { image: { operatingPoint: Record<string, unknown> } };
    delete fusion.image.operatingPoint.threshold;
    expect(() => loadFitted("fusion-model.json", fusion)).toThrow(MalformedFit);
    expect(() => loadFitted("fusion-model.json", fusion)).toThrow(
      /fusion-model\.json is not a valid fit \(refit with npm run fit:fusion\): image\.operatingPoint\.threshold/,
    );
  });

  it("refuses a head whose weights do not match what it reads", () => {
    const head = committed("voice-synthetic/head.json") as { weights: number[] };
    head.weights = head.weights.slice(1);
    expect(() => loadFitted("voice-synthetic/head.json", head)).toThrow(/weights must hold 1024 per hidden state/);
    const probe = committed("synthetic-image/ai-image-head.json");
    expect(() => loadFitted("synthetic-image/ai-image-head.json", { ...probe, platt: { a: "1", b: 0 } })).toThrow(
      /platt\.a/,
    );
  });

  it("refuses a fusion that leaves out a detector the engine does not know", () => {
    const fusion = committed("fusion-model.json") as { image: { leftOut: string[] } };
    fusion.image.leftOut = ["face-swap-sbi-v2"];
    expect(() => loadFitted("fusion-model.json", fusion)).toThrow(/image\.leftOut\.0/);
  });

  it("stops the engine at load when a committed fit is malformed", async () => {
    vi.resetModules();
    const broken = committed("faceswap/sbi-net.json");
    delete broken.speaksAt;
    vi.doMock("../../../packages/detection/src/faceswap/sbi-net.json", () => ({ default: broken }));
    try {
      await expect(import("../../../packages/detection/src/fitted/heads.js")).rejects.toThrow(
        /faceswap\/sbi-net\.json is not a valid fit.*speaksAt/,
      );
    } finally {
      vi.doUnmock("../../../packages/detection/src/faceswap/sbi-net.json");
      vi.resetModules();
    }
  });
});
