import { contextEnv } from "../env.js";

/** Stripe keys and API origin; plan changes. */
export const env = contextEnv("billing", ["TABLE_NAME", "APP_URL", "STRIPE_API_URL", "STRIPE_SECRET_ARN"]);
