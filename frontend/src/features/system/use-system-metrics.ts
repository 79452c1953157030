import { useQuery } from "@tanstack/react-query";
import type { SystemMetrics } from "../../api/types";

export const SYSTEM_METRICS_KEY = ["/api/system/metrics"] as const;

export function useSystemMetrics() {
  return useQuery<SystemMetrics>({ queryKey: SYSTEM_METRICS_KEY });
}

/** Measured figures formatted for display; null where the system has not measured it yet. */
export function measuredFigures(metrics: SystemMetrics | undefined) {
  const tar = metrics?.detection?.faceTarAtFar1e3;
  const p50 = metrics?.detection?.imageP50Ms;
  const cloneEer = metrics?.detection?.cloneEer;
  const imageRecall = metrics?.detection?.syntheticImageRecallAtFpr2;
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  return {
    /** Equal error rate: the share of clones missed where as many genuine recordings would be flagged. */
    voiceCloneEer: typeof cloneEer === "number" ? percent(cloneEer) : null,
    syntheticImageRecall: typeof imageRecall === "number" ? percent(imageRecall) : null,
    detectionAccuracy: typeof tar === "number" ? `${(tar <= 1 ? tar * 100 : tar).toFixed(1)}%` : null,
    averageDetectionTime: typeof p50 === "number" ? `${Math.round(p50)} ms` : null,
    platformsMonitored: typeof metrics?.platformsMonitored === "number" ? String(metrics.platformsMonitored) : null,
  };
}
