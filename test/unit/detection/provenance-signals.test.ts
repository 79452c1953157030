import { describe, expect, it } from "vitest";
import { fuseSignals } from "../../../packages/detection/src/fusion.js";
import { decodeImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { c2paSignal } from "../../../packages/detection/src/provenance/c2pa.js";
import { generatorMetadataSignal } from "../../../packages/detection/src/provenance/generator-metadata.js";
import { sdWatermarkSignal } from "../../../packages/detection/src/provenance/watermark/sd-watermark.js";
import { xmpSignal } from "../../../packages/detection/src/provenance/xmp.js";
import { dataFile } from "./data-dir.js";

const fixtures = "provenance/c2pa-rs-fixtures/sdk/tests/fixtures";

describe("provenance signals", () => {
  it("reports the trainedAlgorithmicMedia declared by a Firefly image's C2PA manifest", async () => {
    const signal = await c2paSignal(
      dataFile("provenance/c2pa-node-fixtures/tests/fixtures/ingredient-with-data-types.jpg"),
      "jpeg",
    );
    expect(signal.status).toBe("present");
    expect(signal.explanation).toContain("trainedAlgorithmicMedia");
    expect(signal.evidence.valid).toBe(true);
  });

  it("finds generation declared in an ingredient of an edited image", async () => {
    const signal = await c2paSignal(dataFile(`${fixtures}/ocsp.jpg`), "jpeg");
    expect(signal.status).toBe("present");
    const types = (signal.evidence.digitalSourceTypes as { digitalSourceType: string }[]).map(
      (d) => d.digitalSourceType,
    );
    expect(types).toContain("trainedAlgorithmicMedia");
  });

  it("lists the active manifest's declarations before its ingredients', on every read alike", async () => {
    // The reader hands its manifests over in a new order on each read.
    for (let read = 0; read < 12; read++) {
      const signal = await c2paSignal(dataFile(`${fixtures}/ocsp.jpg`), "jpeg");
      const declarations = signal.evidence.digitalSourceTypes as { active: boolean }[];
      expect(declarations.map((d) => d.active)).toEqual([true, true, false]);
      expect(signal.explanation).toContain("declares compositeWithTrainedAlgorithmicMedia, trainedAlgorithmicMedia;");
    }
  });

  it("reports a tampered C2PA manifest as invalid", async () => {
    const signal = await c2paSignal(dataFile(`${fixtures}/XCA.jpg`), "jpeg");
    expect(signal.evidence.valid).toBe(false);
    expect(signal.evidence.tampered).toBe(true);
    expect(signal.explanation).toContain("invalid");
  });

  it("reports ComfyUI text chunks as generator metadata", () => {
    const signal = generatorMetadataSignal(dataFile("provenance/comfyui-examples/sdxl/sdxl_simple_example.png"), "png");
    expect(signal.status).toBe("present");
    expect(signal.explanation).toContain("ComfyUI");
  });

  it("leaves a genuine photo without provenance as unknown, never real", async () => {
    const bytes = dataFile("faces/deepface/img2.jpg");
    const image = await decodeImage(bytes, defaultLimits, Number.POSITIVE_INFINITY);
    const signals = [
      await c2paSignal(bytes, "jpeg"),
      xmpSignal(bytes),
      generatorMetadataSignal(bytes, "jpeg"),
      sdWatermarkSignal(image.pixels),
    ];
    expect(signals.find((s) => s.id === "c2pa")?.status).toBe("unknown");
    expect(signals.every((s) => s.status !== "present")).toBe(true);
    const fused = fuseSignals(signals);
    expect(fused.status).toBe("unknown");
    expect(fused.score).toBeNull();
  });

  it("fuses independent signals so one strong declaration makes the media synthetic", () => {
    const fused = fuseSignals([
      { id: "c2pa", status: "present", score: 0.99, explanation: "", evidence: {} },
      { id: "sd-watermark", status: "absent", explanation: "", evidence: {} },
    ]);
    expect(fused.status).toBe("synthetic");
    expect(fused.score).toBeCloseTo(0.99);
  });
});
