import type { Profile } from "../api/types";

/**
 * GET /api/profile as the API answers it (the web contract's Profile: every field the server always
 * sends), for a new personal account unless `overrides` say otherwise.
 */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    membershipTier: "personal",
    platforms: [],
    scanFrequency: "weekly",
    autoTakedown: false,
    faceEnrolled: false,
    faceVerified: false,
    voiceEnrolled: false,
    ...overrides,
  };
}
