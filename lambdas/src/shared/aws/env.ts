import { contextEnv } from "../env.js";

/** The state machines handlers start: scans, the shared crawl, the public API's analyses. */
export const env = contextEnv("aws", [
  "SCAN_STATE_MACHINE_ARN",
  "CRAWL_STATE_MACHINE_ARN",
  "ANALYSIS_STATE_MACHINE_ARN",
]);
