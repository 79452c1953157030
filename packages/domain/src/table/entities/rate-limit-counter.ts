import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds } from "./attributes.js";

/** One rate-limit counter: hits of one rule by one (hashed) subject in one fixed window. */
export const RateLimitCounter = defineEntity({
  name: "RateLimitCounter",
  description:
    "Hits of one rate-limit rule by one subject (SHA-256 of the username, phone number or source address) in one window; raised by a conditional update, expires by TTL.",
  schema: z.object({
    key: z.string().min(1),
    windowStart: epochSeconds,
    hits: z.number().int().nonnegative(),
    expiresAt: epochSeconds,
  }),
  primary: { pk: "RATE#{key}", sk: "WINDOW#{windowStart}" },
  ttl: true,
  accessPatterns: ["Count a sign-in, code, resend, SMS or demo-profile attempt and refuse it past the limit"],
});
