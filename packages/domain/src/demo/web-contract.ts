import { z } from "zod";
import { MembershipTier } from "../table/entities/user-profile.js";

/**
 * The web app's demo answers (POST /api/demo/profile), written once: the handler checks its answer
 * with this in tests and the web app takes its type from it (docs/architecture.md, "One contract").
 * The demo's threats are web-contract Threats (threats/web-contract.ts).
 */

/** POST /api/demo/profile: a demo persona (demo-catalogue.ts) with the fields the visitor gave. */
export const DemoProfile = z
  .object({
    fullName: z.string(),
    email: z.string().optional(),
    occupation: z.string().optional(),
    phoneNumber: z.string().optional(),
    membershipTier: MembershipTier,
    scanPreferences: z.record(z.string(), z.boolean()).optional(),
  })
  .catchall(z.unknown());

export type DemoProfile = z.infer<typeof DemoProfile>;
