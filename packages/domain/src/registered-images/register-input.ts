import { z } from "zod";
import { MAX_HASHES_PER_REQUEST } from "./pdq-rules.js";

/** What POST /api/image-hashes accepts: hashes only, never a picture. */
const pdqHex = z
  .string()
  .max(64, "A PDQ hash is 64 hexadecimal characters (256 bits)")
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{64}$/, "A PDQ hash is 64 hexadecimal characters (256 bits)"));

export const RegisteredHashInput = z.object({
  hash: pdqHex,
  quality: z.number().int().min(0).max(100),
  source: z.enum(["image", "video-frame"]).default("image"),
});
export type RegisteredHashInput = z.infer<typeof RegisteredHashInput>;

export const RegisterHashesInput = z.object({
  hashes: z
    .array(RegisteredHashInput)
    .min(1, "Send at least one hash")
    .max(MAX_HASHES_PER_REQUEST, `Send at most ${MAX_HASHES_PER_REQUEST} hashes at a time`),
});

/** What the web app sends: the body before parsing (docs/architecture.md, "The web contract"). */
export type RegisterHashesRequest = z.input<typeof RegisterHashesInput>;
