import type { z } from "zod";
import type { BiometricConsent, BiometricSample, ProtectedPerson, Session, UserProfile } from "./table/entities.js";

/** Stored shapes of the entities, as services read and write them. */
export type UserProfileRecord = z.infer<typeof UserProfile.schema>;
export type BiometricConsentRecord = z.infer<typeof BiometricConsent.schema>;
export type BiometricSampleRecord = z.infer<typeof BiometricSample.schema>;
export type ProtectedPersonRecord = z.infer<typeof ProtectedPerson.schema>;
export type SessionRecord = z.infer<typeof Session.schema>;

/** The account holder is the first protected person of every account. */
export const SELF_PERSON_ID = "self";
