import { contextEnv } from "../env.js";

/** The status page and usage figures. */
export const env = contextEnv("system", ["TABLE_NAME"]);
