import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Turns on the task pool's invocation timeline (local/src/lambda/task-worker-pool.ts reads
 * LG_TASK_TIMELINE as it loads), so a benchmark sees each Lambda invocation's time. Imported for its
 * effect, first, before the stack's modules load.
 */
if (!process.env.LG_TASK_TIMELINE) {
  process.env.LG_TASK_TIMELINE = path.join(mkdtempSync(path.join(tmpdir(), "lg-timeline-")), "tasks.jsonl");
}
