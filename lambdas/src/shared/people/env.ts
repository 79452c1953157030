import { contextEnv } from "../env.js";

/** Protected people and their invitations (mailed with a link to the app). */
export const env = contextEnv("people", ["TABLE_NAME", "APP_URL", "MAIL_FROM"]);
