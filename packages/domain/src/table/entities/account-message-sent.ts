import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/**
 * A message the service owed one person about a change made for everyone (an after-deploy step),
 * recorded once it went, so a rerun of the step does not send it again.
 */
export const AccountMessageSent = defineEntity({
  name: "AccountMessageSent",
  description:
    "A one-off message sent to a person about a change to their account made by an after-deploy step (face-reverify, voice-reverify: their face's or voice's verification predates the live check), by which channel and when.",
  schema: z.object({
    userId: z.string().min(1),
    message: z.enum(["face-reverify", "voice-reverify"]),
    channel: z.enum(["email", "sms"]),
    sentAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "MESSAGE#{message}" },
  accessPatterns: ["Tell a person once that their face must be verified again (after deploy)"],
});
