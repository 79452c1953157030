import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * The machine a benchmark ran on, written into every benchmark JSON: speed (and, before the
 * float CLIP, even accuracy) depends on the CPU's vector instructions, so a figure never travels
 * without the CPU model, ISA, onnxruntime version and thread count it was measured with.
 */
export interface BenchMachine {
  cpuModel: string;
  arch: string;
  cores: number;
  /** The ISA extensions the kernels choose between: x86 avx2, avx512f, avx512_vnni, avx_vnni; arm64 asimddp (dot product). */
  isa: string[];
  /** "x86-64 AVX2", "x86-64 AVX-512 VNNI", "arm64 dotprod", ...: the class a reader compares by. */
  machineClass: string;
  onnxruntime: string;
  /** onnxruntime's intra-op threads per session (runtimes/onnx.ts pins one). */
  onnxThreads: number;
  node: string;
  measuredAt: string;
}

const WATCHED_ISA = ["avx2", "avx512f", "avx512_vnni", "avx_vnni", "asimddp", "sve"];

function cpuinfoFlags(): Set<string> {
  try {
    const text = readFileSync("/proc/cpuinfo", "utf8");
    const line = text.split("\n").find((l) => /^(flags|Features)\s*:/.test(l)) ?? "";
    return new Set(line.split(":")[1]?.trim().split(/\s+/) ?? []);
  } catch {
    return new Set();
  }
}

function onnxruntimeVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve("onnxruntime-node");
    let dir = path.dirname(main);
    for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
          name?: string;
          version?: string;
        };
        if (pkg.name === "onnxruntime-node") return pkg.version ?? "unknown";
      } catch {
        // keep walking up
      }
    }
  } catch {
    // not installed
  }
  return "unknown";
}

export function machineClass(arch: string, isa: string[]): string {
  if (arch === "arm64") return isa.includes("asimddp") ? "arm64 dotprod" : "arm64";
  if (isa.includes("avx512_vnni")) return "x86-64 AVX-512 VNNI";
  if (isa.includes("avx512f")) return "x86-64 AVX-512";
  if (isa.includes("avx_vnni")) return "x86-64 AVX2 VNNI";
  if (isa.includes("avx2")) return "x86-64 AVX2";
  return `${arch}`;
}

export function benchMachine(onnxThreads = 1): BenchMachine {
  const flags = cpuinfoFlags();
  const isa = WATCHED_ISA.filter((flag) => flags.has(flag));
  const arch = os.arch();
  return {
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    arch,
    cores: os.cpus().length,
    isa,
    machineClass: machineClass(arch, isa),
    onnxruntime: onnxruntimeVersion(),
    onnxThreads,
    node: process.version,
    measuredAt: new Date().toISOString(),
  };
}
