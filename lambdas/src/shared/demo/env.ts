import { contextEnv } from "../env.js";

/** The no-login demo's profiles. */
export const env = contextEnv("demo", ["TABLE_NAME"]);
