import { plainReason, signalLabel, signalNames } from "@lg/domain/threats/signal-names";
import { describe, expect, it } from "vitest";

describe("signals in plain words", () => {
  it("names what each signal checks, never its model, and an unknown id as a generic detector", () => {
    expect(signalLabel("face-swap-mesonet")).toBe("Face-swap detector");
    expect(signalLabel("face-swap-sbi")).toBe("Blending-boundary face-swap detector");
    expect(signalNames(["ai-image", "face-synthetic"])).toBe(
      "an AI-generated-image detector and a synthetic-face detector",
    );
    expect(signalLabel("some-new-probe")).toBe("Automated detector");
  });

  it("rewrites a reason stored before reasons were plain", () => {
    expect(
      plainReason(
        'A face matches (97%) and the synthetic-media verdict is "synthetic" (ai-image, face-synthetic; the detector wrongly flags 1.5% of genuine media).',
      ),
    ).toBe(
      'A face matches (97%) and the synthetic-media verdict is "synthetic" (an AI-generated-image detector and a synthetic-face detector; the detector wrongly flags 1.5% of genuine media).',
    );
    expect(plainReason("The voice matches (96%) and voice-synthetic found it synthetic.")).toBe(
      "The voice matches (96%) and a cloned-voice detector found it synthetic.",
    );
  });
});
