import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";
import { MembershipTier } from "./user-profile.js";

/** A demo profile for the no-login demo; never mixed with real users and expires. */
export const DemoProfile = defineEntity({
  name: "DemoProfile",
  description: "A server-side demo profile per demo type; expires by TTL.",
  schema: z.object({
    demoId: z.string().min(1),
    demoType: MembershipTier,
    profile: z.record(z.string(), z.unknown()),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: "DEMO#{demoId}", sk: "PROFILE" },
  ttl: true,
  accessPatterns: ["Create and read a demo profile"],
});
