import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** An invitation to join a team, sent by email; the link holds a token whose hash is the key. */
export const TeamInvitation = defineEntity({
  name: "TeamInvitation",
  description:
    "An emailed invitation to an account's team: the role offered and the SHA-256 of the link's token; expires by TTL.",
  schema: z.object({
    accountId: z.string().min(1),
    tokenHash: z.string().min(1),
    email: z.string(),
    role: z.enum(["admin", "analyst"]),
    invitedBy: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: "USER#{accountId}", sk: "INVITE#{tokenHash}" },
  ttl: true,
  accessPatterns: ["List an account's open invitations", "Accept one by the token in its link"],
});
