import { contextEnv } from "../env.js";

/** Sign-up, sign-in and sessions (Cognito), security notices, people and teams. */
export const env = contextEnv("accounts", [
  "TABLE_NAME",
  "USER_POOL_ID",
  "USER_POOL_CLIENT_ID",
  "APP_URL",
  "MAIL_FROM",
  "SESSION_RECHECK_SECONDS",
]);
