import { quantileSummary } from "@lg/fitting/quantiles";
import { describe, expect, it } from "vitest";

describe("quantile summary", () => {
  it("names each quantile's value among the sorted values, the largest at 1, rounded", () => {
    expect(quantileSummary([4, 1.234, 3, 2], { min: 0, p50: 0.5, max: 1 }, 2)).toEqual({ min: 1.23, p50: 3, max: 4 });
  });
});
