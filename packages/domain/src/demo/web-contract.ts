import { z } from "zod";
import { Profile } from "../accounts/web-contract.js";
import { MembershipTier } from "../table/entities/user-profile.js";

/**
 * The web app's demo answers (POST /api/demo/profile, POST /api/demo/dmca), written once: the
 * handlers check their answers with these in tests and the web app takes its types from them
 * (docs/architecture.md, "The web contract").
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

/**
 * What POST /api/demo/profile answers: a demo profile, or, for a signed-in person sending the
 * profile-setup form, their own profile as GET /api/profile answers it.
 */
export const DemoProfileAnswer = z.union([DemoProfile, Profile]);

/** POST /api/demo/dmca: the real generator's notice for a demo threat (demo-notice.ts); nothing is sent. */
export const DemoNotice = z.object({
  demo: z.literal(true),
  threatId: z.string(),
  route: z.string(),
  recipient: z.string(),
  reason: z.string(),
  subject: z.string(),
  requestContent: z.string(),
});

export type DemoProfile = z.infer<typeof DemoProfile>;
export type DemoNotice = z.infer<typeof DemoNotice>;
