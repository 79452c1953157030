import type { ModalityFigure } from "@lg/domain/system/public-metrics";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { STATUS_STUB } from "../../test/status-fixture";
import { PlatformPerformance } from "./PlatformPerformance";

describe("about section's measured figures", () => {
  it("shows each modality's figure with the held-out material it was measured on", async () => {
    const modalities: ModalityFigure[] = [
      {
        modality: "synthetic-image",
        measure: 'Genuine pictures wrongly called "synthetic"',
        value: 0,
        samples: [{ count: 66, of: "genuine pictures" }],
      },
      {
        modality: "voice-clone",
        measure: "Cloned-voice equal error rate (clones missed = genuine recordings flagged)",
        value: 0.062,
        samples: [
          { count: 104, of: "cloned clips" },
          { count: 64, of: "genuine clips" },
        ],
      },
    ];
    stubApi({
      "GET /api/system/metrics": { status: 200, body: { detection: { modalities }, platformsMonitored: 19 } },
      ...STATUS_STUB,
    });
    renderRoute(<PlatformPerformance />);
    const falsePositives = (await screen.findByText('Genuine pictures wrongly called "synthetic"')).closest(
      ".tile",
    ) as HTMLElement;
    expect(within(falsePositives).getByText("0.0%")).toBeInTheDocument();
    expect(
      within(falsePositives).getByText("measured on 66 genuine pictures held out of every fit"),
    ).toBeInTheDocument();
    const clone = screen.getByText(/Cloned-voice equal error rate/).closest(".tile") as HTMLElement;
    expect(within(clone).getByText("6.2%")).toBeInTheDocument();
    expect(
      within(clone).getByText("measured on 104 cloned clips and 64 genuine clips held out of every fit"),
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
