import { NOTICE_PAGE_MAX, NOTICE_STATE_FILTERS } from "@lg/domain/takedowns/takedown-centre";
import { z } from "zod";
import { entityId } from "../../shared/http/request.js";

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

export const TakedownIdParam = entityId("id");
