import { contextEnv } from "../env.js";

/** Scans: per-account schedules (their work bucket is scan-work/env.ts). */
export const env = contextEnv("scanning", [
  "TABLE_NAME",
  "SCHEDULER_GROUP",
  "SCHEDULER_ROLE_ARN",
  "SCHEDULER_DEAD_LETTER_ARN",
]);
