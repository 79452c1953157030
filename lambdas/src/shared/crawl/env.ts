import { contextEnv } from "../env.js";

/** The shared crawl's records. */
export const env = contextEnv("crawl", ["TABLE_NAME"]);
