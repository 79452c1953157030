/**
 * `npm run test:avx2`: runs the model reproducibility test (golden outputs of every model) on an
 * emulated AVX2-only x86-64 CPU (qemu user mode, AMD EPYC-Rome: AVX2 and FMA, no AVX-512, no VNNI),
 * so a machine of any kind proves that detection gives the same answers on the slowest CPU we run
 * on. onnxruntime picks its kernels from the CPU it sees, so under emulation it runs its AVX2
 * kernels, as the old INT8 CLIP showed (relative error 0.92 there against 0.22 natively).
 * Skipped, saying so, where qemu-x86_64 is missing or the machine is not x86-64.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const qemu = spawnSync("qemu-x86_64", ["--version"], { encoding: "utf8" });
if (os.arch() !== "x64" || qemu.status !== 0) {
  console.log(
    `test:avx2 skipped: ${os.arch() !== "x64" ? `this machine is ${os.arch()}` : "qemu-x86_64 is not installed (Debian: apt-get install qemu-user)"}`,
  );
  process.exit(0);
}
const args = [
  "-cpu",
  "EPYC-Rome",
  process.execPath,
  path.join(repoRoot, "node_modules/vitest/vitest.mjs"),
  "run",
  "--project",
  "unit",
  // Worker threads stay inside the emulated process; forked workers would run natively.
  "--pool=threads",
  "--testTimeout=900000",
  "test/unit/detection/model-reproducibility.test.ts",
];
console.log(`test:avx2: ${qemu.stdout.split("\n")[0]} -cpu EPYC-Rome (AVX2, FMA; no AVX-512, no VNNI)`);
const run = spawnSync("qemu-x86_64", args, { cwd: repoRoot, stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
// qemu warns once per CPU feature its emulator lacks (rdseed, sha-ni, ...): none of them matters here.
process.stderr.write(
  (run.stderr ?? "")
    .split("\n")
    .filter((line) => !line.includes("TCG doesn't support requested feature"))
    .join("\n"),
);
process.exit(run.status ?? 1);
