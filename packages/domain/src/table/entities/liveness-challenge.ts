import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** A live capture's challenge: the poses and timing the server asked for, usable once and briefly. */
export const LivenessChallengeItem = defineEntity({
  name: "LivenessChallenge",
  description:
    "A server-issued live-capture challenge (biometrics/liveness-challenge.ts): random pose order and timing, a random screen-colour sequence, random words to read aloud, bound to the account and the session's hash, deleted when answered.",
  schema: z.object({
    challengeId: z.string().min(1),
    userId: z.string().min(1),
    sessionHash: z.string().min(1),
    windows: z.array(z.object({ pose: z.enum(["front", "left", "right"]), startMs: z.number(), endMs: z.number() })),
    colours: z.array(
      z.object({
        colour: z.enum(["red", "green", "blue", "yellow", "cyan", "magenta"]),
        startMs: z.number(),
        endMs: z.number(),
      }),
    ),
    // The words the person reads aloud during the check (voice-phrase.ts); absent on challenges issued before.
    phrase: z.array(z.string().min(1)).optional(),
    issuedAt: isoDate,
    validUntil: isoDate,
    // DynamoDB TTL clears challenges never answered.
    expiresAt: epochSeconds,
  }),
  primary: { pk: "USER#{userId}", sk: "LIVENESS#{challengeId}" },
  ttl: true,
  accessPatterns: ["Take (get and delete at once) the challenge a capture answers"],
});
