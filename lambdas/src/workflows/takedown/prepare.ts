import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { automaticTakedown } from "../../shared/takedowns/services.js";

const Input = z.object({
  userId: z.string().min(1),
  threatId: z.string().min(1),
  automatic: z.boolean().default(false),
});

/**
 * Prepare: composes the notice and decides whether it may go (takedowns/automatic-takedown.ts). A
 * refusal the rules explain ends the run quietly; an automatic one the person can act on is kept
 * for the threat and the takedown centre to show.
 */
export const handler = observed(async (event: unknown) => {
  const { userId, threatId, automatic } = Input.parse(event);
  return automaticTakedown().prepare(userId, threatId, automatic);
});
