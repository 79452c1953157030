import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatDetailsDialog } from "./ThreatDetailsDialog";
import { ThreatRow } from "./ThreatRow";

const FACE_FALSE_MATCH = {
  modality: "face",
  calibration: { a: 135.4198, b: -83.9753 },
  thresholds: [{ falseMatchRate: 0.001, distance: 0.6666 }],
  impostorPairs: 1655,
};
/** The speaker benchmark's figures (docs/benchmarks/detection.json, 2026-11-29). */
const VOICE_FALSE_MATCH = {
  modality: "voice",
  calibration: { a: 72.2956, b: -19.4264 },
  thresholds: [
    { falseMatchRate: 0.001, distance: 0.2476 },
    { falseMatchRate: 0.01, distance: 0.2722 },
  ],
  impostorPairs: 1000,
};
const threat: Threat = {
  id: "thr_1",
  threatType: "deepfake",
  confidence: 100,
  platform: "youtube",
  createdAt: new Date().toISOString(),
  status: "active",
  url: "https://youtube.example/watch?v=1",
};
const metrics = () =>
  stubApi({
    "GET /api/system/metrics": {
      status: 200,
      body: {
        platformsMonitored: 19,
        detection: { faceFalseMatch: FACE_FALSE_MATCH, voiceFalseMatch: VOICE_FALSE_MATCH },
      },
    },
  });

describe("a match shown as a calibrated band", () => {
  it("lists a 100% face match as a very strong match with the false-match rate it rests on, not as certain", async () => {
    metrics();
    renderRoute(<ThreatRow threat={threat} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />);
    expect(
      await screen.findByText(
        "Very strong face match on YouTube (false matches at most 1 in 1,000 in our face benchmark)",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/100%/)).toBeNull();
  });

  it("shows the band and the benchmark's sentence in the details, never '100% confidence'", async () => {
    metrics();
    renderRoute(<ThreatDetailsDialog threat={threat} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByText("Very strong face match")).toBeInTheDocument();
    expect(screen.queryByText(/% confidence/)).toBeNull();
    expect(
      await screen.findByText(
        "In our face benchmark, no more than 1 in 1,000 pairs of different people (of 1,655 compared) matched this closely.",
      ),
    ).toBeInTheDocument();
  });

  it("names a voice re-use a voice match, resting on the speaker benchmark, not the face one (issue 36)", async () => {
    metrics();
    renderRoute(
      <ThreatRow
        threat={{ ...threat, threatType: "likeness_misuse", matchModality: "voice", confidence: 93 }}
        onViewDetails={vi.fn()}
        onTakeDown={vi.fn()}
      />,
    );
    expect(
      await screen.findByText(
        "Strong voice match on YouTube (false matches at most 1 in 1,000 in our speaker benchmark)",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/face/)).toBeNull();
  });

  it("says when no measured rate covers a match, instead of leaving the band unexplained", async () => {
    metrics();
    const loose = { ...threat, threatType: "voice_clone" as const, confidence: 30 };
    renderRoute(<ThreatDetailsDialog threat={loose} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByText("Weak voice match")).toBeInTheDocument();
    expect(
      await screen.findByText(/Our speaker benchmark measured no false-match rate at this closeness/),
    ).toBeInTheDocument();
  });

  it("states a small or partial face's match at its held-down band, says why, and claims no benchmark rate for it", async () => {
    metrics();
    const small = {
      ...threat,
      threatType: "likeness_misuse" as const,
      confidence: 89.9,
      matchLimitedBy: ["small-face" as const],
    };
    renderRoute(<ThreatRow threat={small} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />);
    expect(
      await screen.findByText("Likely face match on YouTube (no benchmark rate for a small face)"),
    ).toBeInTheDocument();
    expect(screen.queryByText(/1 in 1,000/)).toBeNull();
  });

  it("explains in the details what held a partial face's match below a clear face's", async () => {
    metrics();
    const partial: Threat = {
      ...threat,
      threatType: "likeness_misuse",
      confidence: 69.9,
      classification: {
        type: "likeness_misuse",
        severity: "medium",
        reason: "The face matches (a possible match, no higher because part of the face is outside the picture).",
        likeness: { modality: "face", confidence: 69.9, limitedBy: ["partial-face"] },
        synthetic: { status: "no-evidence", score: 0.1, detectors: [], declared: false },
      },
    } as Threat;
    renderRoute(<ThreatDetailsDialog threat={partial} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByText("Possible face match")).toBeInTheDocument();
    expect(
      await screen.findByText(
        "Read no higher than a possible match because part of the face is outside the picture. Our face benchmark's false-match rates were measured on whole, clear faces, so none is stated for this one.",
      ),
    ).toBeInTheDocument();
  });
});
