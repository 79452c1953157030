import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

export const MembershipTier = z.enum(["personal", "professional", "enterprise"]);
export type MembershipTier = z.infer<typeof MembershipTier>;

/** A signed-up person: the spec's profile fields plus tier and enrolment state. */
export const UserProfile = defineEntity({
  name: "UserProfile",
  description: "The account holder's profile, preferences and tier (spec section 3 'Profile').",
  schema: z.object({
    userId: z.string().min(1),
    /** The identity provider's username, needed to delete the sign-in account with the profile. */
    username: z.string().optional(),
    email: z.string().email().optional(),
    phone: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    dateOfBirth: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    occupation: z.string().optional(),
    bio: z.string().optional(),
    aliases: z.array(z.string()).default([]),
    handles: z.array(z.string()).default([]),
    ownAccounts: z.array(z.string()).default([]),
    membershipTier: MembershipTier.default("personal"),
    platforms: z.array(z.string()).default([]),
    scanFrequency: z.enum(["hourly", "daily", "weekly"]).default("weekly"),
    autoTakedown: z.boolean().default(false),
    scanPreferences: z
      .object({ socialMedia: z.boolean(), forums: z.boolean(), adultSites: z.boolean(), darkWeb: z.boolean() })
      .partial()
      .default({}),
    notificationSettings: z.record(z.string(), z.unknown()).default({}),
    privacySettings: z
      .object({ zeroKnowledge: z.boolean(), anonymousAnalytics: z.boolean(), legalReportSharing: z.boolean() })
      .partial()
      .default({}),
    dataExpiryDays: z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(-1)]).optional(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "PROFILE" },
  accessPatterns: ["Get a user's profile by user id", "Update preferences, tier and privacy settings"],
});
