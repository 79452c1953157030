import { contextEnv } from "../env.js";

/** Scans: their work bucket and per-account schedules. */
export const env = contextEnv("scanning", [
  "TABLE_NAME",
  "SCAN_WORK_BUCKET",
  "SCHEDULER_GROUP",
  "SCHEDULER_ROLE_ARN",
  "SCHEDULER_DEAD_LETTER_ARN",
]);
