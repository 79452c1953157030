import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** A signed-in browser session; the cookie holds only the random id, never tokens. */
export const Session = defineEntity({
  name: "Session",
  description: "A server-side session referenced by an httpOnly cookie; expires by TTL.",
  schema: z.object({
    sessionHash: z.string().min(1),
    userId: z.string().min(1),
    refreshToken: z.string().optional(),
    /** When the account behind the session was last confirmed active (epoch seconds). */
    checkedAt: epochSeconds.optional(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: "SESSION#{sessionHash}", sk: "SESSION" },
  indexes: { gsi1: { pk: "USER#{userId}#SESSIONS", sk: "{createdAt}" } },
  ttl: true,
  accessPatterns: ["Resolve a cookie to a user", "Revoke all sessions of a user (gsi1)"],
});
