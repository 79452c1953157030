import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatDetailsDialog } from "./ThreatDetailsDialog";
import { ThreatRow } from "./ThreatRow";

const FACE_FALSE_MATCH = {
  calibration: { a: 135.4198, b: -83.9753 },
  thresholds: [{ falseMatchRate: 0.001, distance: 0.6666 }],
  impostorPairs: 1655,
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
      body: { platformsMonitored: 19, detection: { faceFalseMatch: FACE_FALSE_MATCH } },
    },
  });

describe("a match shown as a calibrated band", () => {
  it("lists a 100% face match as a very strong match with the false-match rate it rests on, not as certain", async () => {
    metrics();
    renderRoute(<ThreatRow threat={threat} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />);
    expect(
      await screen.findByText("Very strong face match on YouTube (false matches at most 1 in 1,000 in our benchmark)"),
    ).toBeInTheDocument();
    expect(screen.queryByText(/100%/)).toBeNull();
  });

  it("keeps the number in the details, beside the band and the benchmark's sentence", async () => {
    metrics();
    renderRoute(<ThreatDetailsDialog threat={threat} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByText("Very strong face match (100% confidence)")).toBeInTheDocument();
    expect(
      await screen.findByText(
        "In our face benchmark, no more than 1 in 1,000 pairs of different people (of 1,655 compared) matched this closely.",
      ),
    ).toBeInTheDocument();
  });

  it("states no false-match rate for a voice, which the benchmark does not measure that way", async () => {
    metrics();
    renderRoute(
      <ThreatRow
        threat={{ ...threat, threatType: "voice_clone", confidence: 93 }}
        onViewDetails={vi.fn()}
        onTakeDown={vi.fn()}
      />,
    );
    expect(await screen.findByText("Strong voice match on YouTube")).toBeInTheDocument();
  });
});
