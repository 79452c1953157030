import { z } from "zod";
import { MembershipTier } from "../table/entities/user-profile.js";

/**
 * The web app's answers about protected people (GET /api/people, /api/people/me, the invitation
 * routes, DELETE /api/people/{id}, POST /api/people/me/withdraw), written once: the handlers check
 * their answers with these in tests and the web app takes its types from them (docs/architecture.md,
 * "The web contract"). Shapes of people-service.ts and person-state.ts.
 */

export const PersonState = z.enum(["invited", "consented", "enrolled", "withdrawn"]);

/** Where a person stands (person-state.ts); never their biometrics. */
export const PersonStanding = z.object({
  state: PersonState,
  awaiting: z.enum(["acceptance", "consent"]).optional(),
  invitationExpired: z.boolean(),
  scanned: z.boolean(),
});

/** One protected person as the account sees them (PersonView). */
export const ProtectedPerson = z.object({
  personId: z.string(),
  displayName: z.string(),
  contact: z.object({ channel: z.enum(["email", "sms"]), address: z.string() }).optional(),
  invitedAt: z.string(),
  invitationExpiresAt: z.string().optional(),
  acceptedAt: z.string().optional(),
  withdrawnAt: z.string().optional(),
  standing: PersonStanding,
  enrolled: z.object({ face: z.boolean(), voice: z.boolean() }),
  threats: z.object({ total: z.number(), active: z.number() }),
  notices: z.number(),
});

/** GET /api/people: the account's people, newest invitation first, and the plan's limit as the server reads it. */
export const PeopleList = z.object({
  people: z.array(ProtectedPerson),
  limit: z.object({
    tier: MembershipTier,
    maxProtectedPeople: z.number().nullable(),
    used: z.number(),
    ownerCounted: z.boolean(),
  }),
});

/**
 * GET /api/people/{id}: one person with their threats and notices. The threats and notices are the
 * stored records, which no screen reads yet: only the person is held to the contract.
 */
export const PersonDetail = z.object({
  person: ProtectedPerson,
  threats: z.array(z.unknown()),
  notices: z.array(z.unknown()),
});

/** POST /api/people/invitations (201) and DELETE /api/people/{id}: the person as they now stand. */
export const PersonAnswer = z.object({ person: ProtectedPerson });

/** One account protecting the signed-in person, and where they stand with it. */
export const MyProtection = z.object({
  accountName: z.string(),
  personId: z.string(),
  acceptedAt: z.string(),
  withdrawnAt: z.string().optional(),
  standing: PersonStanding,
});

/** GET /api/people/me */
export const MyProtections = z.object({ protections: z.array(MyProtection) });

/** POST /api/people/invitations/preview: who invites, before the invitee signs in. */
export const InvitationPreview = z.object({
  accountName: z.string(),
  displayName: z.string(),
  expiresAt: z.string().optional(),
  consentVersion: z.string(),
});

/** POST /api/people/invitations/accept */
export const AcceptedInvitation = z.object({
  accountName: z.string(),
  personId: z.string(),
  consentRequired: z.boolean(),
});

/** POST /api/people/me/withdraw: what the erasure deleted, and how many protections ended. */
export const Withdrawal = z.object({
  deleted: z.object({ samples: z.number(), objects: z.number(), objectVersions: z.number() }),
  withdrawn: z.number(),
});

export type PersonState = z.infer<typeof PersonState>;
export type PersonStanding = z.infer<typeof PersonStanding>;
export type ProtectedPerson = z.infer<typeof ProtectedPerson>;
export type PeopleList = z.infer<typeof PeopleList>;
export type PersonDetail = z.infer<typeof PersonDetail>;
export type PersonAnswer = z.infer<typeof PersonAnswer>;
export type MyProtection = z.infer<typeof MyProtection>;
export type MyProtections = z.infer<typeof MyProtections>;
export type InvitationPreview = z.infer<typeof InvitationPreview>;
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;
export type Withdrawal = z.infer<typeof Withdrawal>;
