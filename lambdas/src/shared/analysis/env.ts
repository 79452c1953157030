import { contextEnv } from "../env.js";

/** The analysis cache in the table. */
export const env = contextEnv("analysis", ["TABLE_NAME"]);
