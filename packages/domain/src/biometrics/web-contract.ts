import { z } from "zod";

/**
 * The web app's biometric answers (GET /api/consent), written once: the handler checks its answer
 * with this in tests and the web app takes its type from it (docs/architecture.md, "One contract").
 */

/** GET /api/consent: the consent text in force and whether the person has given it (consent.ts). */
export const Consent = z.object({
  required: z.boolean(),
  version: z.string(),
  text: z.string(),
  givenAt: z.string().optional(),
});

export type Consent = z.infer<typeof Consent>;
