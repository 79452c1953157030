import { randomBytes } from "node:crypto";
import { DomainError } from "../errors.js";
import type { EnrolledPerson, ScanRecord, ScanRepository } from "./scan-ports.js";

/** Starts the scan state machine (Step Functions StartExecution in production). */
export interface ScanWorkflow {
  start(name: string, input: { userId: string; scanId: string; trigger: ScanRecord["trigger"] }): Promise<string>;
}

/** Time-ordered and unique: also the execution name, so one scan id is one execution. */
export const newScanId = () => `scan_${Date.now().toString(36)}${randomBytes(5).toString("hex")}`;

/** A scan still "running" after this long is taken as dead, so a new one may start. */
const STALE_RUNNING_MS = 30 * 60_000;

export class ScanStarter {
  constructor(
    private readonly deps: {
      scans: ScanRepository;
      workflow: ScanWorkflow;
      enrolledPeople(userId: string): Promise<EnrolledPerson[]>;
      now: () => Date;
    },
  ) {}

  async start(userId: string, trigger: ScanRecord["trigger"]) {
    const people = await this.deps.enrolledPeople(userId);
    if (!people.some((p) => p.face.length > 0 || p.voice.length > 0)) {
      throw new DomainError(
        "conflict",
        "Nothing to scan for yet: verify your face with the three-pose capture or enrol your voice first",
      );
    }
    const [latest] = await this.deps.scans.list(userId, 1);
    const now = this.deps.now();
    if (latest?.status === "running" && now.getTime() - Date.parse(latest.startedAt) < STALE_RUNNING_MS) {
      return { scanId: latest.scanId, status: "running" as const, alreadyRunning: true };
    }
    const scanId = newScanId();
    const executionArn = await this.deps.workflow.start(scanId, { userId, scanId, trigger });
    await this.deps.scans.put({
      userId,
      scanId,
      trigger,
      status: "running",
      executionArn,
      platforms: [],
      itemsScanned: 0,
      threatsFound: 0,
      startedAt: now.toISOString(),
    });
    return { scanId, status: "running" as const, alreadyRunning: false };
  }
}
