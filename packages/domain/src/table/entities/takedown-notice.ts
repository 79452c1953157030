import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** A takedown notice's state: `draft` until a channel accepted it or it waits to be filed. */
export const NoticeStatus = z.enum([
  "draft",
  "filing_needed",
  "filed",
  "sent",
  "acknowledged",
  "rejected",
  "removed",
  "deadline_passed",
  "escalated",
  "closed",
]);

/** A takedown notice sent (or prepared) for a threat, tracked until removal or deadline. */
export const TakedownNotice = defineEntity({
  name: "TakedownNotice",
  description:
    "A takedown notice (DMCA, TAKE IT DOWN, DSA, platform report): its statements, delivery state (sent only when accepted; filing needed for web forms) and tracking.",
  schema: z.object({
    userId: z.string().min(1),
    noticeId: z.string().min(1),
    threatId: z.string().min(1),
    route: z.enum(["dmca", "take_it_down", "dsa_article_16", "platform_report"]),
    recipient: z.string(),
    content: z.string(),
    // filing_needed: a web-form channel, waiting for the person to submit it; filed: they say they did.
    // acknowledged / rejected: what the platform answered, as the person reported it; closed: the person ended the case.
    status: NoticeStatus,
    /** How it leaves: mailed by us (sent only once SES accepted it) or a form the person files. */
    channel: z.enum(["email", "web_form"]).optional(),
    formUrl: z.string().optional(),
    /** The notice split into the form's fields, to paste one by one. */
    formFields: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
    /** What the person stated under penalty of perjury for this notice, and when (or the standing statement). */
    attestation: z.object({ statements: z.array(z.string()), attestedAt: isoDate, standing: z.boolean() }).optional(),
    /** The enrolled original a copyright (DMCA) notice claims, which the person attested they made or own. */
    copyrightOriginal: z
      .object({ sampleId: z.string(), modality: z.enum(["face", "voice"]), enrolledAt: isoDate })
      .optional(),
    filedAt: isoDate.optional(),
    sentAt: isoDate.optional(),
    deadlineAt: isoDate.optional(),
    nextCheckAt: isoDate.optional(),
    removedAt: isoDate.optional(),
    /** Sent to removal, recorded when tracking sees the content gone (the product's speed figure). */
    timeToRemovalMs: z.number().int().nonnegative().optional(),
    /** The mail provider's id of the sent notice, to find it in delivery logs. */
    messageId: z.string().optional(),
    automatic: z.boolean().default(false),
    /** Where the reported content lives, as the threat had it when the notice was made. */
    platform: z.string().optional(),
    contentUrl: z.string().optional(),
    /** The last re-fetch of the content: when, and what it found (takedowns/recheck.ts). */
    lastCheckedAt: isoDate.optional(),
    lastCheck: z.object({ outcome: z.enum(["gone", "present", "inconclusive"]), reason: z.string() }).optional(),
    closedAt: isoDate.optional(),
    createdAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "NOTICE#{noticeId}" },
  indexes: {
    // The takedown centre's list: one person's notices, newest first.
    gsi1: { pk: "USER#{userId}#NOTICES", sk: "{createdAt}#{noticeId}" },
    // Sparse: only open cases with a re-check scheduled appear, ordered by when to re-check them.
    gsi2: {
      pk: "TAKEDOWN#TRACKING",
      sk: "{nextCheckAt}#{userId}#{noticeId}",
    },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: { gsi2: (n) => Boolean(n.nextCheckAt) && TRACKED_NOTICE_STATUSES.has(n.status) },
  accessPatterns: [
    "List a threat's notices",
    "List a person's notices newest first, a page at a time (gsi1, takedown centre)",
    "Find notices due for a removal re-check (gsi2)",
  ],
});

/** Delivered and still open: re-checked until the content is gone or the person closes the case. */
export const TRACKED_NOTICE_STATUSES: ReadonlySet<string> = new Set([
  "sent",
  "filed",
  "acknowledged",
  "rejected",
  "deadline_passed",
  "escalated",
]);
