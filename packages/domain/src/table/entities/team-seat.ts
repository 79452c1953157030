import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/**
 * The one team a person works on, claimed in their own partition by one conditional write before
 * they join: of two joins at once (two teams' invitations), one takes the seat.
 */
export const TeamSeat = defineEntity({
  name: "TeamSeat",
  description:
    "The team account a person has joined, in their own partition: claimed by a conditional put before joining, so one person is on one team even when two joins race.",
  schema: z.object({
    userId: z.string().min(1),
    accountId: z.string().min(1),
    claimedAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "TEAMSEAT" },
  accessPatterns: ["Join one team at a time (conditional put), free the seat on leaving"],
});
