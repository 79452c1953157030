import { describe, expect, it } from "vitest";
import type { Signal, SignalId } from "../../../packages/detection/src/result.js";
import { FindingsReuse } from "../../../packages/detection/src/reusable-findings.js";
import { type RunContext, runSignals, type SignalEntry } from "../../../packages/detection/src/signal-runner.js";
import { SIGNAL_TABLE } from "../../../packages/detection/src/signal-table.js";

const reading = (id: SignalId, score: number): Signal => ({
  id,
  status: "absent",
  score,
  explanation: "",
  evidence: {},
});
const context = (confidence = 0): RunContext => ({
  kind: "image",
  faces: confidence ? [{ match: { confidence } } as RunContext["faces"][number]] : [],
  voice: null,
  signals: [],
});

function entry(id: SignalId, rule: Partial<SignalEntry<RunContext>> = {}): SignalEntry<RunContext> & { runs: number } {
  const made = {
    id,
    kinds: ["image"] as const,
    cost: "costly" as const,
    stage: "synthetic" as const,
    runs: 0,
    compute: () => {
      made.runs++;
      return reading(id, 0.3);
    },
    ...rule,
  };
  return made;
}

describe("the signal runner", () => {
  it("skips a costly signal without a likeness on demand, and computes it once one matched", async () => {
    const watermark = entry("sd-watermark");
    const [skipped] = await runSignals([watermark], context(), { gate: { whenLikenessAtLeast: 50 } });
    expect(skipped?.status).toBe("unknown");
    expect(skipped?.explanation).toMatch(/no enrolled face or voice matched with 50%/);
    const [read] = await runSignals([watermark], context(80), { gate: { whenLikenessAtLeast: 50 } });
    expect(read?.score).toBe(0.3);
    expect(watermark.runs).toBe(1);
  });

  it("never gates a cheap signal, and never takes it from earlier findings", async () => {
    const c2pa = entry("c2pa", { cost: "cheap" });
    const reuse = new FindingsReuse();
    await runSignals([c2pa], context(), { gate: { whenLikenessAtLeast: 50 }, reuse });
    expect(c2pa.runs).toBe(1);
    expect(reuse.findings().signals).toEqual([]);
  });

  it("leaves out what the fit leaves out in every mode, before the cost gate, and keeps nothing of it", async () => {
    const leftOut = entry("face-synthetic", { leftOut: () => "the fusion leaves it out" });
    const reuse = new FindingsReuse();
    for (const gate of ["all", { whenLikenessAtLeast: 50 }] as const) {
      const [signal] = await runSignals([leftOut], context(), { gate, reuse });
      expect(signal?.explanation).toBe("the fusion leaves it out");
    }
    expect(leftOut.runs).toBe(0);
    expect(reuse.findings().signals).toEqual([]);
  });

  it("answers what the media lacks first, whatever else applies", async () => {
    const tooShort = reading("voice-antispoof", 0);
    const aasist = entry("voice-antispoof", { unavailable: () => tooShort, leftOut: () => "at chance" });
    expect(await runSignals([aasist], context(), { gate: "all" })).toEqual([tooShort]);
  });

  it("on demand, skips a matched signal whose reading could not count; asked for all, computes it", async () => {
    const whisper = entry("voice-synthetic", { whyNoReadingCounts: () => "no reading could count" });
    const [onDemand] = await runSignals([whisper], context(90), { gate: { whenLikenessAtLeast: 50 } });
    expect(onDemand?.explanation).toBe("no reading could count");
    const [all] = await runSignals([whisper], context(90), { gate: "all" });
    expect(all?.score).toBe(0.3);
  });

  it("takes a costly reading from earlier findings instead of computing it, and lets later signals see it", async () => {
    const ai = entry("ai-image");
    const earlier = new FindingsReuse();
    await runSignals([ai], context(), { gate: "all", reuse: earlier });
    const seen: Signal[][] = [];
    const face = entry("face-synthetic", {
      compute: (c) => {
        seen.push([...c.signals]);
        return reading("face-synthetic", 0.1);
      },
    });
    const reuse = new FindingsReuse(earlier.findings());
    await runSignals([ai, face], context(), { gate: "all", reuse });
    expect(ai.runs).toBe(1);
    expect([reuse.reusedSteps, reuse.computedSteps]).toEqual([1, 1]);
    expect(seen).toEqual([[reading("ai-image", 0.3)]]);
  });

  it("lists every signal id once, in the order results report them", () => {
    const ids = SIGNAL_TABLE.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 4)).toEqual(["c2pa", "iptc-digital-source-type", "generator-metadata", "container-metadata"]);
    expect(ids.slice(-2)).toEqual(["voice-synthetic", "voice-antispoof"]);
  });
});
