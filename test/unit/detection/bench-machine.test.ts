import { describe, expect, it } from "vitest";
import { benchMachine, machineClass } from "../../../bench/machine.js";

describe("the machine a benchmark records", () => {
  it("names the vector class that decides kernel speed", () => {
    expect(machineClass("x64", ["avx2"])).toBe("x86-64 AVX2");
    expect(machineClass("x64", ["avx2", "avx512f"])).toBe("x86-64 AVX-512");
    expect(machineClass("x64", ["avx2", "avx512f", "avx512_vnni", "avx_vnni"])).toBe("x86-64 AVX-512 VNNI");
    expect(machineClass("arm64", ["asimddp"])).toBe("arm64 dotprod");
  });

  it("records CPU model, ISA, onnxruntime version and thread count", () => {
    const machine = benchMachine();
    expect(machine.cpuModel).not.toBe("");
    expect(machine.onnxruntime).toMatch(/^\d+\.\d+\.\d+/);
    expect(machine.onnxThreads).toBe(1);
    expect(Date.parse(machine.measuredAt)).not.toBeNaN();
  });
});
