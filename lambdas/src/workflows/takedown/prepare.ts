import { DomainError } from "@lg/domain/errors";
import { autoTakedownMaySend } from "@lg/notices";
import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { noticeService } from "../../shared/takedown-services.js";

const Input = z.object({
  userId: z.string().min(1),
  threatId: z.string().min(1),
  automatic: z.boolean().default(false),
});

/**
 * Prepare: composes the notice and decides whether it may go. A refusal the rules explain (setting
 * turned off, threat triaged, no channel, incomplete profile, a basis or web form that needs the
 * person) ends the run quietly instead of failing.
 */
export const handler = observed(async (event: unknown) => {
  const { userId, threatId, automatic } = Input.parse(event);
  if (automatic && !(await noticeService().autoTakedownAllowed(userId, threatId))) {
    return { proceed: false, reason: "Automatic takedown no longer applies to this threat" };
  }
  try {
    const draft = await noticeService().generate(userId, threatId);
    if (draft.route === "none") return { proceed: false, reason: "No channel accepts a notice for this platform" };
    if (automatic && !autoTakedownMaySend(draft.route, draft.channel.kind)) {
      return { proceed: false, reason: "This basis or channel needs the person to confirm and file it themself" };
    }
    return { proceed: true, route: draft.route, recipient: draft.recipient };
  } catch (error) {
    if (error instanceof DomainError) return { proceed: false, reason: error.message };
    throw error;
  }
});
