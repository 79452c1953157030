import { contextEnv } from "../env.js";

/** Web Push: subscriptions, the VAPID key pair and the push services alerts may be POSTed to. */
export const env = contextEnv("push", [
  "TABLE_NAME",
  "APP_URL",
  "MAIL_FROM",
  "PUSH_SERVICE_ORIGINS",
  "VAPID_SECRET_ARN",
]);
