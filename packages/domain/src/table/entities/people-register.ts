import { z } from "zod";
import { defineEntity } from "../entity.js";

/**
 * The account's people register: a version every invitation moves once its person is stored. Of
 * invitations checked against the same people at once, only the one that moves it from the version
 * it read goes in; the others look again, now seeing it, so a plan's limit holds under any race.
 */
export const PeopleRegister = defineEntity({
  name: "PeopleRegister",
  description:
    "The version of an account's protected people, moved by one conditional update per invitation, so concurrent invitations cannot all pass the plan's limit.",
  schema: z.object({
    userId: z.string().min(1),
    version: z.number().int().nonnegative(),
  }),
  primary: { pk: "USER#{userId}", sk: "PEOPLEREGISTER" },
  accessPatterns: ["Let one of concurrent invitations in per version of the account's people (conditional update)"],
});
