import { z } from "zod";
import { defineEntity } from "./entity.js";

/**
 * A PDQ hash of one of the person's own intimate pictures or video frames, hashed in their browser
 * (the picture never left it). The hash identifies the picture, so it is sealed like a biometric
 * embedding (the account's data key from KMS, AES-256-GCM); only the quality and dates are plain.
 */
export const RegisteredImageHash = defineEntity({
  name: "RegisteredImageHash",
  description:
    "A PDQ hash of an intimate picture or video frame the person registered (hashed on their device), sealed with a KMS data key; matched by every scan and the crawl.",
  schema: z.object({
    userId: z.string().min(1),
    hashId: z.string().min(1),
    quality: z.number().int().min(0).max(100),
    /** What the person hashed: a picture, or a frame of a video (kept to say so in the list). */
    source: z.enum(["image", "video-frame"]),
    encryptedHash: z.string().min(1),
    encryptedDataKey: z.string().min(1),
    createdAt: z.string().datetime({ offset: true }),
  }),
  primary: { pk: "USER#{userId}", sk: "IMAGEHASH#{hashId}" },
  accessPatterns: [
    "List a person's registered hashes (count, ids, quality; the hash only in their export)",
    "Delete one registered hash, or all of them",
  ],
});

export const REGISTERED_IMAGE_ENTITIES = [RegisteredImageHash] as const;
