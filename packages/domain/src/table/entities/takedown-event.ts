import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** One step in a notice's life, kept beside it so the takedown centre can show its timeline. */
export const TakedownEvent = defineEntity({
  name: "TakedownEvent",
  description:
    "A takedown notice's timeline event (drafted, sent, filing needed, filed, acknowledged, content re-checked, removed, rejected, deadline passed, escalated, closed) with its time and source.",
  schema: z.object({
    userId: z.string().min(1),
    noticeId: z.string().min(1),
    eventId: z.string().min(1),
    at: isoDate,
    kind: z.enum([
      "drafted",
      "sent",
      "filing_needed",
      "filed",
      "acknowledged",
      "content_rechecked",
      "removed",
      "rejected",
      "deadline_passed",
      "escalated",
      "closed",
    ]),
    /** Who says so: the product, the mail provider accepting, a re-fetch of the content, or the person. */
    source: z.enum(["system", "mail_provider", "recheck", "user"]),
    /** A re-check's finding (gone / present / inconclusive) and why, in plain words. */
    outcome: z.enum(["gone", "present", "inconclusive"]).optional(),
    detail: z.string().max(2000).optional(),
  }),
  // Beside its notice in the person's partition (erased and exported with it), in time order.
  primary: { pk: "USER#{userId}", sk: "TAKEDOWNEVENT#{noticeId}#{at}#{eventId}" },
  accessPatterns: ["Show a notice's timeline in time order (takedown centre)"],
});
