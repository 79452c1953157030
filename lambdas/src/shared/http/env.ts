import { contextEnv } from "../env.js";

/** The app's own origin (CSRF check) and CloudFront's origin-verify token. */
export const env = contextEnv("http", ["APP_URL", "ORIGIN_VERIFY"]);
