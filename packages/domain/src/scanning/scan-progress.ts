import type { ScanRecord } from "./scan-ports.js";

/** GET /api/scan/status: where a scan stands, from its stored record. */
export interface ScanProgressView {
  scanId: string;
  status: ScanRecord["status"];
  trigger: ScanRecord["trigger"];
  /** Platforms the scan searches, and how many of them have been searched and recorded so far. */
  platformsTotal: number;
  platformsDone: number;
  itemsScanned: number;
  threatsFound: number;
  startedAt: string;
  finishedAt?: string;
  /** A stored face the scan did not search for, and why (not-searched.ts). */
  notSearched?: { face?: string };
}

/**
 * A running scan counts what its platforms have recorded so far (each writes its entry as it
 * finishes); a finished one reports the totals Finish stored, which also count what failed.
 */
export function scanProgressView(scan: ScanRecord): ScanProgressView {
  const recorded = Object.entries(scan.platformProgress ?? {}).filter(([platform]) =>
    scan.platforms.includes(platform),
  );
  const sum = (key: "items" | "threats") => recorded.reduce((n, [, p]) => n + p[key], 0);
  const running = scan.status === "running";
  return {
    scanId: scan.scanId,
    status: scan.status,
    trigger: scan.trigger,
    platformsTotal: scan.platforms.length,
    platformsDone: running ? recorded.length : scan.platforms.length,
    itemsScanned: running ? sum("items") : scan.itemsScanned,
    threatsFound: running ? sum("threats") : scan.threatsFound,
    startedAt: scan.startedAt,
    ...(scan.finishedAt ? { finishedAt: scan.finishedAt } : {}),
    ...(scan.notSearched ? { notSearched: scan.notSearched } : {}),
  };
}
