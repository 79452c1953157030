import { contextEnv } from "../shared/env.js";

/** The data migrations write the table; the app's address goes into the links they rebuild. */
export const env = contextEnv("migrations", ["TABLE_NAME", "APP_URL"]);
