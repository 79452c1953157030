import { useQuery } from "@tanstack/react-query";
import type { SystemMetrics } from "../../api/types";
import { formatDay } from "./format-day";

export const SYSTEM_METRICS_KEY = ["/api/system/metrics"] as const;

export function useSystemMetrics() {
  return useQuery<SystemMetrics>({ queryKey: SYSTEM_METRICS_KEY });
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Measured figures formatted for display; null where the system has not measured it. No single
 * "accuracy": each figure names what it measures (recall at a stated false-alarm rate, an equal
 * error rate). A timing names the benchmark machine and date, as it holds only there.
 */
export function measuredFigures(metrics: SystemMetrics | undefined) {
  const detection = metrics?.detection;
  const p50 = detection?.imageP50Ms;
  const machine = detection?.machine;
  return {
    /** Equal error rate: the share of clones missed where as many genuine recordings would be flagged. */
    voiceCloneEer: typeof detection?.cloneEer === "number" ? percent(detection.cloneEer) : null,
    syntheticImageRecall:
      typeof detection?.syntheticImageRecallAtFpr2 === "number" ? percent(detection.syntheticImageRecallAtFpr2) : null,
    benchmarkDate: detection?.measuredAt ? formatDay(detection.measuredAt) : null,
    pictureCheckTime:
      typeof p50 === "number" && machine
        ? {
            value: `${Math.round(p50)} ms`,
            machine: `${machine.cpuModel} (${machine.machineClass ?? [machine.arch, ...machine.isa].join(", ")}), ${machine.threads} ${machine.threads === 1 ? "thread" : "threads"}, onnxruntime ${machine.onnxruntime}, measured ${formatDay(machine.measuredAt)}`,
          }
        : null,
    platformsMonitored: typeof metrics?.platformsMonitored === "number" ? String(metrics.platformsMonitored) : null,
  };
}
