import { samplesWords } from "@lg/domain/system/samples-words";
import { SystemMetrics } from "@lg/domain/system/web-contract";
import { useQuery } from "@tanstack/react-query";
import { getChecked } from "../../api/client";
import { formatDay } from "./format-day";

export const SYSTEM_METRICS_KEY = ["/api/system/metrics"] as const;

export function useSystemMetrics() {
  return useQuery({ queryKey: SYSTEM_METRICS_KEY, queryFn: getChecked(SystemMetrics) });
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Measured figures formatted for display; null where the system has not measured it. No single
 * "accuracy": each modality's figure names what it measures, the set and held-out material it was
 * measured on (its sample sizes) and its 95% confidence interval; the server publishes none resting
 * on fewer than 100 samples of a class (public-metrics.ts). A timing names the benchmark machine and date, as it holds only there.
 */
export function measuredFigures(metrics: SystemMetrics | undefined) {
  const detection = metrics?.detection;
  const p50 = detection?.imageP50Ms;
  const machine = detection?.machine;
  return {
    /** Every modality's figure, each with what it was measured on. */
    modalities: (detection?.modalities ?? []).map((figure) => ({
      label: figure.measure,
      value: percent(figure.value),
      interval: `95% confidence interval ${percent(figure.interval.low)} to ${percent(figure.interval.high)}: ${figure.interval.method}`,
      samples: `measured on ${samplesWords(figure.samples)} held out of every fit, from ${figure.set}`,
    })),
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
