import type { ModalityFigure } from "@lg/domain/system/public-metrics";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { STATUS_STUB } from "../../test/status-fixture";
import { PlatformPerformance } from "./PlatformPerformance";

describe("about section's measured figures", () => {
  it("shows each modality's figure with its interval, the set and the held-out material it was measured on", async () => {
    const modalities: ModalityFigure[] = [
      {
        modality: "speaker-match",
        measure: "Voice match equal error rate (missed matches = false matches)",
        value: 0.0089,
        samples: [
          { count: 225, of: "same-speaker pairs" },
          { count: 1000, of: "different-speaker pairs" },
        ],
        set: "every pair of 50 LibriSpeech clips",
        interval: {
          low: 0.00244,
          high: 0.03182,
          method: "Wilson score interval with the smaller class (225 pairs) as n",
        },
      },
    ];
    stubApi({
      "GET /api/system/metrics": { status: 200, body: { detection: { modalities }, platformsMonitored: 19 } },
      ...STATUS_STUB,
    });
    renderRoute(<PlatformPerformance />);
    const speaker = (await screen.findByText(/Voice match equal error rate/)).closest(".tile") as HTMLElement;
    expect(within(speaker).getByText("0.9%")).toBeInTheDocument();
    expect(
      within(speaker).getByText(
        "95% confidence interval 0.2% to 3.2%: Wilson score interval with the smaller class (225 pairs) as n",
      ),
    ).toBeInTheDocument();
    expect(
      within(speaker).getByText(
        "measured on 225 same-speaker pairs and 1,000 different-speaker pairs held out of every fit, from every pair of 50 LibriSpeech clips",
      ),
    ).toBeInTheDocument();
  });

  it("shows no detection figure the benchmark did not measure", async () => {
    stubApi({
      "GET /api/system/metrics": { status: 200, body: { platformsMonitored: 19 } },
      ...STATUS_STUB,
    });
    renderRoute(<PlatformPerformance />);
    expect(await screen.findByText("19 platforms")).toBeInTheDocument();
    expect(screen.queryByText(/called "synthetic"|equal error rate|held out of every fit/)).toBeNull();
  });
});
