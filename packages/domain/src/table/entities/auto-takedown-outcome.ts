import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** Why an automatic takedown of a threat sent nothing: what the person is shown, with the step that lets it go. */
export const AutoTakedownOutcome = defineEntity({
  name: "AutoTakedownOutcome",
  description:
    "An automatic takedown that sent nothing for a threat: why (unverified likeness, a basis or form that needs the person, no channel, a refusal) and when; the threat and the takedown centre show it.",
  schema: z.object({
    userId: z.string().min(1),
    threatId: z.string().min(1),
    reason: z.enum(["unverified-likeness", "needs-person", "no-channel", "refused"]),
    /** The reason in the product's words, shown as it is. */
    detail: z.string(),
    /** The likeness to verify, for an unverified-likeness reason. */
    modality: z.enum(["face", "voice"]).optional(),
    platform: z.string(),
    contentUrl: z.string(),
    at: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "AUTOTAKEDOWN#{threatId}" },
  accessPatterns: [
    "Record why a threat's automatic takedown sent nothing (latest replaces earlier)",
    "Read it with the threat; list them in the takedown centre",
  ],
});
