import { createHash, randomBytes } from "node:crypto";
import { DomainError } from "../errors.js";
import type { EnrolledPerson, ScanLocks, ScanRecord, ScanRepository } from "./scan-ports.js";

/** Starts the scan state machine (Step Functions StartExecution in production). */
export interface ScanWorkflow {
  start(name: string, input: { userId: string; scanId: string; trigger: ScanRecord["trigger"] }): Promise<string>;
}

/** Time-ordered and unique: also the execution name, so one scan id is one execution. */
export const newScanId = () => `scan_${Date.now().toString(36)}${randomBytes(5).toString("hex")}`;

/**
 * The scan id of an execution started without one (a schedule's): time-ordered like newScanId, and
 * derived from the execution alone, so a retried LoadPlatforms and the reconciler reach the same id.
 */
export function scanIdForExecution(startedAt: string | number, executionArn: string): string {
  const ms = typeof startedAt === "number" ? startedAt : Date.parse(startedAt);
  return `scan_${ms.toString(36)}${createHash("sha256").update(executionArn).digest("hex").slice(0, 10)}`;
}

/**
 * How long the running-scan slot is held without a release. Finish and the reconciler release it when
 * the execution ends; the lease only frees a person whose execution's end event was lost.
 */
export const SCAN_LOCK_LEASE_MS = 2 * 60 * 60_000;

export class ScanStarter {
  constructor(
    private readonly deps: {
      scans: ScanRepository;
      locks: ScanLocks;
      workflow: ScanWorkflow;
      enrolledPeople(userId: string): Promise<EnrolledPerson[]>;
      now: () => Date;
    },
  ) {}

  /** Exactly one of any number of concurrent starts runs a scan: the slot is one conditional write. */
  async start(userId: string, trigger: ScanRecord["trigger"]) {
    const people = await this.deps.enrolledPeople(userId);
    if (!people.some((p) => p.face.length > 0 || p.voice.length > 0)) {
      throw new DomainError(
        "conflict",
        "Nothing to scan for yet: verify your face with the three-pose capture or enrol your voice first",
      );
    }
    const now = this.deps.now();
    const scanId = newScanId();
    const lock = await this.deps.locks.acquire(
      {
        userId,
        scanId,
        acquiredAt: now.toISOString(),
        leaseUntil: new Date(now.getTime() + SCAN_LOCK_LEASE_MS).toISOString(),
      },
      now,
    );
    if (!lock.acquired) return { scanId: lock.holder, status: "running" as const, alreadyRunning: true };
    let executionArn: string;
    try {
      executionArn = await this.deps.workflow.start(scanId, { userId, scanId, trigger });
    } catch (error) {
      // Nothing runs under this slot: free it, or the person could not scan until the lease ends.
      await this.deps.locks.release(userId, scanId);
      throw error;
    }
    await this.deps.scans.put({
      userId,
      scanId,
      trigger,
      status: "running",
      executionArn,
      platforms: [],
      itemsScanned: 0,
      threatsFound: 0,
      platformProgress: {},
      startedAt: now.toISOString(),
    });
    return { scanId, status: "running" as const, alreadyRunning: false };
  }
}
