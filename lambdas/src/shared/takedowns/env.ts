import { contextEnv } from "../env.js";

/** Alerts, notices and takedowns: mail, Web Push and the takedown state machine. */
export const env = contextEnv("takedowns", [
  "TABLE_NAME",
  "APP_URL",
  "MAIL_FROM",
  "PUSH_SERVICE_ORIGINS",
  "VAPID_SECRET_ARN",
  "TAKEDOWN_STATE_MACHINE_ARN",
]);
