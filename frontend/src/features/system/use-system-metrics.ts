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
  return {
    detectionAccuracy: typeof tar === "number" ? `${(tar <= 1 ? tar * 100 : tar).toFixed(1)}%` : null,
    averageDetectionTime: typeof p50 === "number" ? `${Math.round(p50)} ms` : null,
    platformsMonitored: typeof metrics?.platformsMonitored === "number" ? String(metrics.platformsMonitored) : null,
    uptime:
      typeof metrics?.uptime === "number"
        ? `${(metrics.uptime <= 1 ? metrics.uptime * 100 : metrics.uptime).toFixed(2)}%`
        : null,
  };
}
