import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { STATUS_STUB } from "../../test/status-fixture";
import { PlatformPerformance } from "./PlatformPerformance";

describe("about section's measured figures", () => {
  it("shows synthetic-image recall and the voice-clone error rate when the benchmark measured them", async () => {
    stubApi({
      "GET /api/system/metrics": {
        status: 200,
        body: { detection: { syntheticImageRecallAtFpr2: 0.914, cloneEer: 0.062 }, platformsMonitored: 19 },
      },
      ...STATUS_STUB,
    });
    renderRoute(<PlatformPerformance />);
    expect(await screen.findByText("AI images caught (at 2% false alarms)")).toBeInTheDocument();
    expect(screen.getByText("91.4%")).toBeInTheDocument();
    expect(screen.getByText("Voice-clone equal error rate")).toBeInTheDocument();
    expect(screen.getByText("6.2%")).toBeInTheDocument();
  });

  it("shows no detection figure the benchmark did not measure", async () => {
    stubApi({
      "GET /api/system/metrics": { status: 200, body: { platformsMonitored: 19 } },
      ...STATUS_STUB,
    });
    renderRoute(<PlatformPerformance />);
    expect(await screen.findByText("19 platforms")).toBeInTheDocument();
    expect(screen.queryByText("AI images caught (at 2% false alarms)")).toBeNull();
    expect(screen.queryByText("Voice-clone equal error rate")).toBeNull();
  });
});
