import { contextEnv } from "../env.js";

/** The app's reads of threat records: lists, counts, details, censored previews. */
export const env = contextEnv("threat-queries", ["TABLE_NAME"]);
