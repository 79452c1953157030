import {
  type ChecklistItem,
  protectionRan,
  protectionScore,
  type SetupFacts,
  setupChecklist,
} from "../accounts/setup-checklist.js";
import type { ThreatRecord } from "./threat-ports.js";

type Status = ThreatRecord["status"];

/** An account's threat figures: kept as counters in the table (ThreatCounters), or counted from a list. */
export interface ThreatCounts {
  total: number;
  byStatus: Record<Status, number>;
  /** The active threats' summed confidence (what they cost the protection score). */
  activeConfidenceSum: number;
  /** Threats detected per UTC day (YYYY-MM-DD). */
  byDay: Record<string, number>;
}

export function countThreats(threats: Pick<ThreatRecord, "status" | "confidence" | "createdAt">[]): ThreatCounts {
  const counts: ThreatCounts = {
    total: threats.length,
    byStatus: { active: 0, false_positive: 0, dismissed: 0, takedown_requested: 0, removed: 0 },
    activeConfidenceSum: 0,
    byDay: {},
  };
  for (const t of threats) {
    counts.byStatus[t.status] += 1;
    if (t.status === "active") counts.activeConfidenceSum += t.confidence;
    const day = t.createdAt.slice(0, 10);
    counts.byDay[day] = (counts.byDay[day] ?? 0) + 1;
  }
  return counts;
}

export function countsFromCounters(c: {
  total: number;
  n_active: number;
  n_false_positive: number;
  n_dismissed: number;
  n_takedown_requested: number;
  n_removed: number;
  activeConfidenceSum: number;
  byDay: Record<string, number>;
}): ThreatCounts {
  return {
    total: c.total,
    byStatus: {
      active: c.n_active,
      false_positive: c.n_false_positive,
      dismissed: c.n_dismissed,
      takedown_requested: c.n_takedown_requested,
      removed: c.n_removed,
    },
    activeConfidenceSum: c.activeConfidenceSum,
    byDay: c.byDay,
  };
}

/**
 * The active threats as the protection score reads them. Their cost (5 + confidence/10 each) depends
 * only on how many there are and their summed confidence, so each is given the mean confidence.
 */
function activeThreatsOf(counts: ThreatCounts) {
  const n = counts.byStatus.active;
  const mean = n > 0 ? counts.activeConfidenceSum / n : 0;
  return Array.from({ length: n }, () => ({ status: "active" as const, confidence: mean }));
}

export interface ProtectionInputs {
  counts: ThreatCounts;
  platformsScanned: string[];
  /** What the setup checklist, and so the protection score, is read from. */
  setup: SetupFacts;
  /** How the latest scan that ended, ended; absent before any did. */
  lastScanOutcome?: "succeeded" | "failed";
}

export interface Stats {
  activeThreats: number;
  sitesScanned: number;
  resolvedThreats: number;
  /** 0-100, from the setup checklist less the active threats (accounts/setup-checklist.ts). */
  protectionScore: number;
  /** How the score was computed, one line per part. */
  protectionScoreLines: string[];
  /** What protection needs, each item done or what to do. */
  setupChecklist: ChecklistItem[];
  /** Whether a scan has looked at platforms for an enrolled likeness, so "nothing found" means something. */
  protectionRan: boolean;
  /** When the latest finished scan ended; absent before the first one. */
  lastScanAt?: string;
  /**
   * How the latest scan that ended, ended: a failed one means recent content went unchecked, so an
   * empty list must not read as "secure" (issue 27).
   */
  lastScanOutcome?: "succeeded" | "failed";
  threatsOverTime: { date: string; count: number }[];
}

const RESOLVED: ReadonlySet<Status> = new Set(["removed", "dismissed"]);

export function computeStats(input: ProtectionInputs, now = Date.now()): Stats {
  const checklist = setupChecklist(input.setup, now);
  const score = protectionScore(checklist, activeThreatsOf(input.counts));
  const { byStatus } = input.counts;
  return {
    activeThreats: byStatus.active,
    sitesScanned: new Set(input.platformsScanned).size,
    resolvedThreats: [...RESOLVED].reduce((sum, status) => sum + byStatus[status], 0),
    protectionScore: score.score,
    protectionScoreLines: score.lines,
    setupChecklist: checklist,
    protectionRan: protectionRan(input.setup),
    ...(input.setup.lastScanAt ? { lastScanAt: input.setup.lastScanAt } : {}),
    ...(input.lastScanOutcome ? { lastScanOutcome: input.lastScanOutcome } : {}),
    threatsOverTime: Object.entries(input.counts.byDay)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, count]) => ({ date, count })),
  };
}
