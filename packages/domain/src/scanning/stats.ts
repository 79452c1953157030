import type { ThreatRecord } from "./threat-ports.js";

export interface ProtectionInputs {
  threats: Pick<ThreatRecord, "status" | "confidence" | "createdAt">[];
  platformsScanned: string[];
  faceVerified: boolean;
  voiceEnrolled: boolean;
  lastScanAt?: string;
  scanIntervalHours: number;
}

export interface Stats {
  activeThreats: number;
  sitesScanned: number;
  resolvedThreats: number;
  /** null until there is anything to score: the UI then shows the spec's default. */
  protectionScore: number | null;
  /** When the latest finished scan ended; absent before the first one. */
  lastScanAt?: string;
  threatsOverTime: { date: string; count: number }[];
}

/**
 * Protection score, 0-100 (docs/data-model.md#protection-score):
 *   100
 *   - 25 when no verified face is enrolled (scans cannot search for the face)
 *   - 10 when no voice is enrolled
 *   - 10 when the last scan is older than twice the tier's scan interval (or none ran)
 *   - for each active threat: 5 + 10 x confidence/100 (so a 95% deepfake costs 14.5)
 * floored at 0 and rounded. Resolved threats (removed, dismissed) cost nothing.
 */
export function protectionScore(input: ProtectionInputs, now = Date.now()): number | null {
  const hasData =
    input.faceVerified || input.voiceEnrolled || input.lastScanAt !== undefined || input.threats.length > 0;
  if (!hasData) return null;
  let score = 100;
  if (!input.faceVerified) score -= 25;
  if (!input.voiceEnrolled) score -= 10;
  const stale = !input.lastScanAt || now - Date.parse(input.lastScanAt) > 2 * input.scanIntervalHours * 3_600_000;
  if (stale) score -= 10;
  for (const t of input.threats) if (t.status === "active") score -= 5 + (10 * t.confidence) / 100;
  return Math.max(0, Math.round(score));
}

const RESOLVED: ReadonlySet<ThreatRecord["status"]> = new Set(["removed", "dismissed"]);

export function computeStats(input: ProtectionInputs, now = Date.now()): Stats {
  const byDay = new Map<string, number>();
  for (const t of input.threats) {
    const day = t.createdAt.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  return {
    activeThreats: input.threats.filter((t) => t.status === "active").length,
    sitesScanned: new Set(input.platformsScanned).size,
    resolvedThreats: input.threats.filter((t) => RESOLVED.has(t.status)).length,
    protectionScore: protectionScore(input, now),
    ...(input.lastScanAt ? { lastScanAt: input.lastScanAt } : {}),
    threatsOverTime: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, count]) => ({ date, count })),
  };
}
