import type { SignalId } from "@lg/detection";
import { plainReason, signalLabel, signalName, signalNames } from "@lg/domain/threats/signal-names";
import { describe, expect, it } from "vitest";

/** Every signal the detection engine can report: a new id fails typecheck here until it is listed. */
const EVERY_SIGNAL: Record<SignalId, true> = {
  c2pa: true,
  "iptc-digital-source-type": true,
  "generator-metadata": true,
  "sd-watermark": true,
  "voice-antispoof": true,
  "voice-synthetic": true,
  "ai-image": true,
  "face-synthetic": true,
  "face-swap-mesonet": true,
  "face-swap-sbi": true,
  "face-forgery-net": true,
  "container-metadata": true,
};

describe("signals in plain words", () => {
  it("names what each signal checks, never its model, and an unknown id as a generic detector", () => {
    expect(signalLabel("face-swap-mesonet")).toBe("Face-swap detector");
    expect(signalLabel("face-swap-sbi")).toBe("Blending-boundary face-swap detector");
    expect(signalNames(["ai-image", "face-synthetic"])).toBe(
      "an AI-generated-image detector and a synthetic-face detector",
    );
    expect(signalLabel("some-new-probe")).toBe("Automated detector");
  });

  it("gives every signal the engine reports a name of its own", () => {
    for (const id of Object.keys(EVERY_SIGNAL)) expect(signalName(id), id).not.toBe(signalName("some-new-probe"));
    expect(signalLabel("face-forgery-net")).toBe("Face-forgery detector");
    expect(plainReason("(face-swap-sbi, face-forgery-net; ...)")).toBe(
      "(a blending-boundary face-swap detector and a face-forgery detector; ...)",
    );
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
