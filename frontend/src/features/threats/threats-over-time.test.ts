import { describe, expect, it } from "vitest";
import { countByDay, lastDays } from "./threats-over-time";

describe("threats over time", () => {
  const now = new Date("2026-11-22T15:00:00Z");

  it("spreads the API's days-with-threats over the last days, quiet days as zero", () => {
    const series = lastDays([{ date: "2026-11-20", count: 3 }], 4, now);
    expect(series).toEqual([
      { date: "2026-11-19", count: 0 },
      { date: "2026-11-20", count: 3 },
      { date: "2026-11-21", count: 0 },
      { date: "2026-11-22", count: 0 },
    ]);
  });

  it("counts a threat list per UTC day and leaves out days older than the window", () => {
    const counts = countByDay([
      { createdAt: "2026-11-22T01:00:00Z" },
      { createdAt: "2026-11-22T23:59:00Z" },
      { createdAt: "2026-10-01T00:00:00Z" },
    ]);
    expect(lastDays(counts, 2, now)).toEqual([
      { date: "2026-11-21", count: 0 },
      { date: "2026-11-22", count: 2 },
    ]);
  });
});
