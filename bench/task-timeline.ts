import { existsSync, readFileSync } from "node:fs";

export interface TaskInvocation {
  task: string;
  startedAt: number;
  endedAt: number;
  /** The worker's peak resident memory when this invocation ended, in MB. */
  peakRssMb?: number;
}

/** Invocations of `task` (its local function name) that started at or after `since` (epoch ms), once task-timeline-on ran. */
export function invocationsOf(task: string, since: number): TaskInvocation[] {
  const file = process.env.LG_TASK_TIMELINE ?? "";
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TaskInvocation)
    .filter((i) => i.task === task && i.startedAt >= since);
}
