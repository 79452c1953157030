import { z } from "zod";

/**
 * The web app's registered-image answers (/api/image-hashes), written once: the handlers check their
 * answers with these in tests and the web app takes its types from them (docs/architecture.md, "The
 * web contract"). Shapes of registered-image-service.ts; never a hash itself (only the export holds them).
 */

/** One registered hash as the person sees it (RegisteredHashView). */
export const RegisteredHash = z.object({
  hashId: z.string(),
  quality: z.number(),
  source: z.enum(["image", "video-frame"]),
  createdAt: z.string(),
});

/** POST /api/image-hashes: what was stored, what was already there, and what was refused and why. */
export const RegistrationResult = z.object({
  registered: z.array(RegisteredHash),
  alreadyRegistered: z.number(),
  refused: z.array(z.object({ index: z.number(), quality: z.number(), reason: z.string() })),
});

/** GET /api/image-hashes: newest first. */
export const RegisteredHashList = z.object({ count: z.number(), hashes: z.array(RegisteredHash) });

/** DELETE /api/image-hashes and DELETE /api/image-hashes/{id}: how many went. */
export const DeletedHashes = z.object({ deleted: z.number() });

export type RegisteredHash = z.infer<typeof RegisteredHash>;
export type RegistrationResult = z.infer<typeof RegistrationResult>;
export type RegisteredHashList = z.infer<typeof RegisteredHashList>;
export type DeletedHashes = z.infer<typeof DeletedHashes>;
