import { contextEnv } from "../env.js";

/** Alerts, notices and takedowns: mail and the takedown state machine (Web Push is push/env.ts). */
export const env = contextEnv("takedowns", ["TABLE_NAME", "APP_URL", "MAIL_FROM", "TAKEDOWN_STATE_MACHINE_ARN"]);
