import { contextEnv } from "../env.js";

/** API keys, the public API's analyses and webhooks. */
export const env = contextEnv("integrations", [
  "TABLE_NAME",
  "SCAN_WORK_BUCKET",
  "APP_URL",
  "MAIL_FROM",
  "WEBHOOK_PLAIN_HTTP_HOSTS",
  "WEBHOOK_QUEUE_URL",
  "WEBHOOK_SECRETS_KEY_ID",
]);
