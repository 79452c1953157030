import { publicMetrics } from "@lg/domain/system/public-metrics";
import { describe, expect, it } from "vitest";

describe("public figures about the system", () => {
  it("takes face accuracy, pair counts and image latency from the detection benchmark's report", () => {
    const report = {
      face: { tarAtFar1e3: 0.994, tarAtFar1e2: 1, pairs: { genuine: 175, impostor: 1655 }, calibration: {} },
      latency: { imageP50Ms: 182.5, imageP95Ms: 260 },
      date: "2026-11-22T23:40:00.000Z",
    };
    expect(publicMetrics(report, 19)).toEqual({
      detection: {
        faceTarAtFar1e3: 0.994,
        faceTarAtFar1e2: 1,
        facePairs: { genuine: 175, impostor: 1655 },
        imageP50Ms: 182.5,
        measuredAt: "2026-11-22T23:40:00.000Z",
      },
      platformsMonitored: 19,
    });
  });

  it("shows no detection figure when the report measured none, rather than inventing one", () => {
    expect(publicMetrics({ speaker: { eer: 0.03 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics(undefined, 19)).toEqual({ platformsMonitored: 19 });
  });

  it("refuses a report whose figures are out of range instead of passing them to the page", () => {
    expect(publicMetrics({ face: { tarAtFar1e3: 99.4 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics({ latency: { imageP50Ms: -1 } }, 19)).toEqual({ platformsMonitored: 19 });
  });
});
