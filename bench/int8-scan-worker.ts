/** A worker thread of bench/int8-scan.ts: its slice of the rows in its own kernel, answering one batch at a time. */
import { parentPort, workerData } from "node:worker_threads";
import { Int8ScanKernel } from "./int8-scan.js";

const { rows, sums, dims, first } = workerData as { rows: Int8Array; sums: Int32Array; dims: number; first: number };
const kernel = await Int8ScanKernel.load(rows, sums, dims, first);
parentPort?.on("message", ({ probeBytes, keep }: { probeBytes: Uint8Array; keep: number }) =>
  parentPort?.postMessage(kernel.best(probeBytes, keep)),
);
parentPort?.postMessage("ready");
