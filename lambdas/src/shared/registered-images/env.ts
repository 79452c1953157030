import { contextEnv } from "../env.js";

/** Registered images' hashes. */
export const env = contextEnv("registered-images", ["TABLE_NAME"]);
