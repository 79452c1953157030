import type { UserProfileRecord } from "../records.js";
import { defaultScanFrequency } from "../tiers.js";
import type { ProfileSetupInput } from "./profile-shapes.js";

/**
 * The profile a profile-setup form produces. On an existing profile it fills in the personal
 * fields and keeps tier and preferences; without one it starts a profile on the demo type's tier
 * (the no-login demo builds its profiles this way).
 */
export function createProfileFromSetup(
  input: ProfileSetupInput,
  base: UserProfileRecord | { userId: string },
  now: Date,
): UserProfileRecord {
  const at = now.toISOString();
  const tier = input.demoType && input.demoType !== "interactive" ? input.demoType : "personal";
  const start: UserProfileRecord =
    "createdAt" in base
      ? base
      : {
          userId: base.userId,
          aliases: [],
          handles: [],
          ownAccounts: [],
          membershipTier: tier,
          platforms: [],
          scanFrequency: defaultScanFrequency(tier),
          autoTakedown: false,
          scanPreferences: {},
          notificationSettings: {},
          privacySettings: {},
          createdAt: at,
          updatedAt: at,
        };
  const fullName = `${input.firstName} ${input.lastName}`.trim();
  return {
    ...start,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth,
    phone: input.phone,
    address: input.address,
    city: input.city,
    country: input.country,
    ...(input.occupation ? { occupation: input.occupation } : {}),
    ...(input.bio ? { bio: input.bio } : {}),
    // Scans search for the person's name too, so the full name is their first alias.
    aliases: start.aliases.includes(fullName) ? start.aliases : [fullName, ...start.aliases],
    updatedAt: at,
  };
}
