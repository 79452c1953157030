import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { noticeService } from "../../shared/takedowns/services.js";

const Input = z.object({
  userId: z.string().min(1),
  threatId: z.string().min(1),
  automatic: z.boolean().default(false),
  confirmations: z.array(z.string()).default([]),
});

/**
 * Send: delivers the notice, stores it for tracking, marks the threat and (automatic) mails the
 * person a copy. The workflow's state keeps only where the notice stands and its id: the notice text
 * and form fields name the person, and execution history outlives their erasure.
 */
export const handler = observed(async (event: unknown) => {
  const { userId, threatId, automatic, confirmations } = Input.parse(event);
  const { state, sent, noticeId, route, recipient } = await noticeService().send(userId, threatId, {
    confirmations,
    automatic,
  });
  return { state, sent, noticeId, route, recipient };
});
