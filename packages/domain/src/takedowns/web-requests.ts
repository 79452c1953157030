import { z } from "zod";
import { entityId } from "../entity-id.js";
import { NOTICE_PAGE_MAX, NOTICE_STATE_FILTERS } from "./takedown-centre.js";

/**
 * What the web app sends to the notice and takedown-centre routes, written once: the handlers
 * validate with these (same messages) and the web app types the bodies it sends from them
 * (docs/architecture.md, "The web contract").
 */

/** The enrolled original a person claims copyright in, for one notice (absent: no copyright claim). */
const CopyrightClaim = z.object({ sampleId: entityId("sampleId") }).optional();

/** POST /api/dmca */
export const GenerateNoticeBody = z.object({ threatId: entityId("threatId"), claimCopyright: CopyrightClaim });

/** POST /api/dmca/send */
export const SendNoticeBody = z.object({
  threatId: entityId("threatId"),
  confirmations: z.array(z.string().max(400, "Unknown confirmation")).max(32, "Too many confirmations").default([]),
  claimCopyright: CopyrightClaim,
});

/** POST /api/dmca/filed: the person filed a web-form notice themself. */
export const RecordFilingBody = z.object({ noticeId: entityId("noticeId") });

/** GET /api/takedowns?state=&cursor=&limit=: which page of the caller's notices. */
export const ListTakedownsQuery = z.object({
  state: z
    .enum(NOTICE_STATE_FILTERS, { message: `state must be one of: ${NOTICE_STATE_FILTERS.join(", ")}` })
    .optional(),
  cursor: z.string().max(1024, "cursor is too long").optional(),
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(NOTICE_PAGE_MAX, `limit must be at most ${NOTICE_PAGE_MAX}`)
    .optional(),
});

/** POST /api/takedowns/{id}/actions: close the case, or record what the platform answered, or escalate. */
export const TakedownActionBody = z.object({
  action: z.enum(["close", "acknowledged", "rejected", "escalate"], {
    message: "action must be one of: close, acknowledged, rejected, escalate",
  }),
  note: z.string().max(1000, "note must be at most 1000 characters").optional(),
});

/** The {id} of /api/takedowns/{id}. */
export const TakedownIdParam = entityId("id");

export type GenerateNoticeRequest = z.input<typeof GenerateNoticeBody>;
export type SendNoticeRequest = z.input<typeof SendNoticeBody>;
export type RecordFilingRequest = z.input<typeof RecordFilingBody>;
export type ListTakedownsParams = z.input<typeof ListTakedownsQuery>;
export type TakedownActionRequest = z.input<typeof TakedownActionBody>;
