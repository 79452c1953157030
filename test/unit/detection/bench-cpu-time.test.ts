import { describe, expect, it } from "vitest";
import { busySecondsOfProcStatCpuLine } from "../../../bench/cpu-time.js";

describe("the machine's busy CPU time the benchmarks report", () => {
  it("counts user, nice, system, irq, softirq and steal, not idle or iowait", () => {
    // user nice system idle iowait irq softirq steal guest guest_nice, in 1/100 s
    expect(busySecondsOfProcStatCpuLine("cpu  100 20 30 5000 40 5 6 7 0 0")).toBeCloseTo(1.68, 10);
  });

  it("does not count guest time twice: the kernel already includes it in user and nice", () => {
    const withoutGuests = busySecondsOfProcStatCpuLine("cpu  900 100 30 5000 40 5 6 7 0 0");
    expect(busySecondsOfProcStatCpuLine("cpu  900 100 30 5000 40 5 6 7 800 50")).toBe(withoutGuests);
  });
});
