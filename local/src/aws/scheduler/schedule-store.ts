import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface StoredSchedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  State: "ENABLED" | "DISABLED";
  Description?: string;
  StartDate?: number;
  EndDate?: number;
  ActionAfterCompletion?: "NONE" | "DELETE";
  FlexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  Target: { Arn: string; RoleArn: string; Input?: string; [key: string]: unknown };
  CreationDate: number;
  LastModificationDate: number;
  /** Local bookkeeping: when the schedule fires next (epoch ms), undefined when it never will. */
  nextFireAt?: number;
}

export interface StoredGroup {
  Name: string;
  Arn: string;
  State: "ACTIVE";
  CreationDate: number;
  LastModificationDate: number;
}

interface SchedulerState {
  groups: StoredGroup[];
  schedules: StoredSchedule[];
}

/** Schedules and groups in one JSON file under the data dir, rewritten on every change. */
export class ScheduleStore {
  private readonly file: string;
  readonly state: SchedulerState;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, "schedules.json");
    this.state = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, "utf8")) as SchedulerState)
      : { groups: [], schedules: [] };
  }

  find(group: string, name: string): StoredSchedule | undefined {
    return this.state.schedules.find((s) => s.GroupName === group && s.Name === name);
  }

  upsert(schedule: StoredSchedule): void {
    this.state.schedules = [...this.state.schedules.filter((s) => s.Arn !== schedule.Arn), schedule];
    this.persist();
  }

  remove(arn: string): void {
    this.state.schedules = this.state.schedules.filter((s) => s.Arn !== arn);
    this.persist();
  }

  persist(): void {
    writeFileSync(this.file, JSON.stringify(this.state, null, 2));
  }
}
