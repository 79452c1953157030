import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/**
 * The undo link a security change's notice carries to the old contact: who, what changed, what to
 * put back. The link holds the secret; the table only its hash. One use, gone by TTL.
 */
export const AccountChangeUndo = defineEntity({
  name: "AccountChangeUndo",
  description:
    "An undo link sent to the old contact after a sign-in security change (authenticator, email, phone): the secret's SHA-256, what changed and the contact to restore; one use, expires by TTL.",
  schema: z.object({
    userId: z.string().min(1),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    change: z.enum(["mfa-enabled", "mfa-disabled", "email", "phone"]),
    /** The contact the change replaced, put back by the undo. */
    previous: z.string().optional(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: "USER#{userId}", sk: "UNDO#{secretHash}" },
  ttl: true,
  accessPatterns: ["Undo a security change once from the link sent to the old contact (delete returning the item)"],
});
