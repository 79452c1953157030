import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { noticeService } from "../../shared/takedown-services.js";

const Input = z.object({
  userId: z.string().min(1),
  threatId: z.string().min(1),
  automatic: z.boolean().default(false),
  confirmations: z.array(z.string()).default([]),
});

/** Send: delivers the notice, stores it for tracking, marks the threat and (automatic) mails the person a copy. */
export const handler = observed(async (event: unknown) => {
  const { userId, threatId, automatic, confirmations } = Input.parse(event);
  return noticeService().send(userId, threatId, { confirmations, automatic });
});
