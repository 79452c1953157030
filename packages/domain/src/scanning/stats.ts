import {
  type ChecklistItem,
  protectionRan,
  protectionScore,
  type SetupFacts,
  setupChecklist,
} from "../accounts/setup-checklist.js";
import type { ThreatRecord } from "./threat-ports.js";

export interface ProtectionInputs {
  threats: Pick<ThreatRecord, "status" | "confidence" | "createdAt">[];
  platformsScanned: string[];
  /** What the setup checklist, and so the protection score, is read from. */
  setup: SetupFacts;
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
  threatsOverTime: { date: string; count: number }[];
}

const RESOLVED: ReadonlySet<ThreatRecord["status"]> = new Set(["removed", "dismissed"]);

export function computeStats(input: ProtectionInputs, now = Date.now()): Stats {
  const byDay = new Map<string, number>();
  for (const t of input.threats) {
    const day = t.createdAt.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  const checklist = setupChecklist(input.setup, now);
  const score = protectionScore(checklist, input.threats);
  return {
    activeThreats: input.threats.filter((t) => t.status === "active").length,
    sitesScanned: new Set(input.platformsScanned).size,
    resolvedThreats: input.threats.filter((t) => RESOLVED.has(t.status)).length,
    protectionScore: score.score,
    protectionScoreLines: score.lines,
    setupChecklist: checklist,
    protectionRan: protectionRan(input.setup),
    ...(input.setup.lastScanAt ? { lastScanAt: input.setup.lastScanAt } : {}),
    threatsOverTime: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, count]) => ({ date, count })),
  };
}
