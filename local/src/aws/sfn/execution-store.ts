import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type ExecutionStatus = "RUNNING" | "SUCCEEDED" | "FAILED" | "TIMED_OUT" | "ABORTED";

export interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: ExecutionStatus;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: number;
  stopDate?: number;
  /** Its end's status-change event is not delivered yet: delivered again after a restart. */
  statusEventPending?: boolean;
  /** What the execution would be billed for in AWS, as this runner counted it (ExecutionUsage). */
  usage?: ExecutionUsage;
}

/**
 * The billed units of one Standard execution and the Express children its Distributed Maps started:
 * a state transition per state entered or retried, plus one per child execution started (Step
 * Functions' "Transitions" page); per Express child one request and its duration rounded up to 100 ms.
 */
export interface ExecutionUsage {
  standardTransitions: number;
  expressRequests: number;
  expressBilledMs: number;
}

/** One JSON file per execution under the data dir, so executions outlive a restart of the stack. */
export class ExecutionStore {
  private readonly records = new Map<string, ExecutionRecord>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const record = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as ExecutionRecord;
      // The process that ran it is gone; report that honestly instead of pretending it still runs.
      if (record.status === "RUNNING") {
        Object.assign(record, {
          status: "ABORTED",
          error: "LocalStackRestarted",
          cause: "The local stack stopped while this execution was running",
          stopDate: Date.now() / 1000,
          // Step Functions announces an abort; the rules get it once handlers can run (deliverPendingEvents).
          statusEventPending: true,
        });
        this.write(record);
      }
      this.records.set(record.executionArn, record);
    }
  }

  get(executionArn: string): ExecutionRecord | undefined {
    return this.records.get(executionArn);
  }

  has(executionArn: string): boolean {
    return existsSync(this.fileOf(executionArn)) || this.records.has(executionArn);
  }

  list(stateMachineArn: string): ExecutionRecord[] {
    return [...this.records.values()]
      .filter((r) => r.stateMachineArn === stateMachineArn)
      .sort((a, b) => b.startDate - a.startDate);
  }

  /** Ended executions whose status-change event was not delivered (restart aborts among them). */
  pendingEvents(): ExecutionRecord[] {
    return [...this.records.values()].filter((r) => r.statusEventPending);
  }

  save(record: ExecutionRecord): void {
    this.records.set(record.executionArn, record);
    this.write(record);
  }

  private fileOf(executionArn: string) {
    return path.join(this.dir, `${Buffer.from(executionArn).toString("base64url")}.json`);
  }

  private write(record: ExecutionRecord) {
    writeFileSync(this.fileOf(record.executionArn), JSON.stringify(record));
  }
}
