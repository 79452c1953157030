import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** The biometric consent a person gave before any face or voice was taken. */
export const BiometricConsent = defineEntity({
  name: "BiometricConsent",
  description: "A consent to biometric processing: its text version and when it was given or withdrawn.",
  schema: z.object({
    userId: z.string().min(1),
    version: z.string().min(1),
    givenAt: isoDate,
    withdrawnAt: isoDate.optional(),
  }),
  primary: { pk: "USER#{userId}", sk: "CONSENT#{version}" },
  accessPatterns: ["Check the current consent before any biometric endpoint", "List a user's consents for export"],
});
