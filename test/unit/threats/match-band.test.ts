import { falseMatchRateFor, falseMatchSentence, matchBand, matchPhrase } from "@lg/domain/threats/match-band";
import { describe, expect, it } from "vitest";

/** The face benchmark's figures as docs/benchmarks/detection.json states them (2026-11-24). */
const EVIDENCE = {
  modality: "face" as const,
  calibration: { a: 135.41983175215634, b: -83.975314052963 },
  thresholds: [
    { falseMatchRate: 0.001, distance: 0.6666365490667667 },
    { falseMatchRate: 0.01, distance: 0.7002989919735726 },
  ],
  impostorPairs: 1655,
};

describe("a match as a band, with the false-match rate it rests on", () => {
  it("names bands on the sensitivity scale, so 100% reads as a very strong match, not a certainty", () => {
    expect([100, 99, 95, 90, 75, 55, 20].map(matchBand)).toEqual([
      "very strong",
      "very strong",
      "strong",
      "strong",
      "likely",
      "possible",
      "weak",
    ]);
  });

  it("states the lowest measured false-match rate whose threshold the match is within", () => {
    // 50% confidence is cosine distance 0.620: inside the 1-in-1,000 threshold (0.667).
    expect(falseMatchRateFor(100, EVIDENCE)).toBe(0.001);
    expect(falseMatchRateFor(50, EVIDENCE)).toBe(0.001);
    // 0.03% is distance 0.68: past the 1-in-1,000 threshold, inside the 1-in-100 one.
    expect(falseMatchRateFor(0.03, EVIDENCE)).toBe(0.01);
    expect(falseMatchRateFor(0.0001, EVIDENCE)).toBeUndefined();
    expect(falseMatchSentence(97, EVIDENCE)).toBe(
      "In our face benchmark, no more than 1 in 1,000 pairs of different people (of 1,655 compared) matched this closely.",
    );
  });

  it("rests a voice match on the speaker benchmark's own thresholds, never the face benchmark's", () => {
    // docs/benchmarks/detection.json speaker part (2026-11-29), with the voice calibration scans use.
    const voice = {
      modality: "voice" as const,
      calibration: { a: 72.29561999859645, b: -19.4263533293946 },
      thresholds: [
        { falseMatchRate: 0.001, distance: 0.24764899005914442 },
        { falseMatchRate: 0.01, distance: 0.2722097491454539 },
      ],
      impostorPairs: 1000,
    };
    // 90% is cosine distance 0.238, inside 1 in 1,000; 60% is 0.263, inside only 1 in 100; 40% is past both.
    expect(falseMatchRateFor(90, voice)).toBe(0.001);
    expect(falseMatchRateFor(60, voice)).toBe(0.01);
    expect(falseMatchRateFor(40, voice)).toBeUndefined();
    expect(falseMatchSentence(60, voice)).toBe(
      "In our speaker benchmark, no more than 1 in 100 pairs of recordings of different speakers (of 1,000 compared) matched this closely.",
    );
  });
});

describe("alerts name a match by its band", () => {
  it("say 'strong match', never a percentage that reads as certainty", () => {
    expect(matchPhrase(100)).toBe("very strong match");
    expect(matchPhrase(93)).toBe("strong match");
  });
});
