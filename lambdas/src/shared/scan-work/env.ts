import { contextEnv } from "../env.js";

/** Item manifests of scans and the crawl, in the scan-work bucket. */
export const env = contextEnv("scan-work", ["SCAN_WORK_BUCKET"]);
