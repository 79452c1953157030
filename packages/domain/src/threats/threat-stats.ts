import { type Coverage, coverageOf, type ModalityFacts } from "../accounts/coverage.js";
import { type ChecklistItem, type SetupFacts, setupChecklist } from "../accounts/setup-checklist.js";
import type { ScanFrequency } from "../tiers.js";
import type { ThreatRecord } from "./threat-ports.js";

type Status = ThreatRecord["status"];

/** An account's threat figures: kept as counters in the table (ThreatCounters), or counted from a list. */
export interface ThreatCounts {
  total: number;
  byStatus: Record<Status, number>;
  /** The active threats' summed confidence, as the table's counters keep it. */
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

export interface ProtectionInputs {
  counts: ThreatCounts;
  platformsScanned: string[];
  /** What the setup checklist is read from. */
  setup: SetupFacts;
  /** Whether each likeness is stored and whether scans search for it. */
  likeness: { face: ModalityFacts; voice: ModalityFacts };
  /** How often the account's scheduled scans run. */
  schedule: ScanFrequency;
  /** How the latest scan that ended, ended; absent before any did. */
  lastScanOutcome?: "succeeded" | "failed";
  /** How many intimate-image hashes the account registered. */
  registeredImages?: number;
}

export interface Stats {
  activeThreats: number;
  sitesScanned: number;
  resolvedThreats: number;
  /** What protection needs, each item done or what to do. */
  setupChecklist: ChecklistItem[];
  /** What is searched, where and how often, how the latest scan ended, and the open threats (accounts/coverage.ts). */
  coverage: Coverage;
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
  const { byStatus } = input.counts;
  return {
    activeThreats: byStatus.active,
    sitesScanned: new Set(input.platformsScanned).size,
    resolvedThreats: [...RESOLVED].reduce((sum, status) => sum + byStatus[status], 0),
    setupChecklist: checklist,
    coverage: coverageOf({
      ...input.likeness,
      platforms: input.setup.platforms,
      schedule: input.schedule,
      ...(input.setup.lastScanAt ? { lastScanAt: input.setup.lastScanAt } : {}),
      ...(input.lastScanOutcome ? { lastScanOutcome: input.lastScanOutcome } : {}),
      openThreats: byStatus.active,
      ...(input.registeredImages ? { registeredImages: input.registeredImages } : {}),
    }),
    ...(input.setup.lastScanAt ? { lastScanAt: input.setup.lastScanAt } : {}),
    ...(input.lastScanOutcome ? { lastScanOutcome: input.lastScanOutcome } : {}),
    threatsOverTime: Object.entries(input.counts.byDay)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, count]) => ({ date, count })),
  };
}
