import type { ErasedAccounts } from "../accounts/erased-accounts.js";
import type { ScanLocks, ScanRecord, ScanRepository } from "./scan-ports.js";
import { scanIdForExecution } from "./scan-starter.js";
import type { ThreatHandover } from "./threat-handover.js";

/** A scan execution that stopped without reaching Finish's outcome (Step Functions' own words). */
export interface ExecutionEnd {
  executionArn: string;
  status: "FAILED" | "TIMED_OUT" | "ABORTED";
  /** Epoch milliseconds, as the status-change event gives it. */
  startDate: number;
  stopDate?: number;
  /** The execution's input: a forced scan names its scan; a scheduled one does not. */
  input: { userId: string; scanId?: string };
}

/**
 * Settles a scan whose execution ended abnormally: its record stops saying "running", its slot is
 * freed, and the alerts its recorded threats are owed go out. Idempotent: a FAILED execution whose
 * Finish already ran, or an event delivered twice, changes nothing more.
 */
export class ScanReconciler {
  constructor(
    private readonly deps: {
      scans: ScanRepository;
      locks: ScanLocks;
      handover: Pick<ThreatHandover, "sendOwed">;
      /** An execution stopped because its account was erased settles nothing: there is nobody left to settle for. */
      erased: Pick<ErasedAccounts, "isErased">;
      now: () => Date;
    },
  ) {}

  async reconcile(end: ExecutionEnd) {
    const { userId } = end.input;
    const scanId = end.input.scanId ?? scanIdForExecution(end.startDate, end.executionArn);
    if (await this.deps.erased.isErased(userId)) return { scanId, status: null, erased: true };
    const scan = await this.deps.scans.get(userId, scanId);
    let settled: ScanRecord | null = scan;
    if (scan?.status === "running") {
      // The platforms recorded before it stopped keep their counts (Finish never summed them).
      const recorded = Object.values(scan.platformProgress ?? {});
      settled = {
        ...scan,
        status: "failed",
        itemsScanned: recorded.reduce((n, p) => n + p.items, 0),
        threatsFound: recorded.reduce((n, p) => n + p.threats, 0),
        finishedAt: new Date(end.stopDate ?? this.deps.now().getTime()).toISOString(),
      };
      await this.deps.scans.put(settled);
    }
    await this.deps.locks.release(userId, scanId);
    const handedOver = await this.deps.handover.sendOwed(userId);
    return { scanId, status: settled?.status ?? null, ...handedOver };
  }
}
