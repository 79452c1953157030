import { z } from "zod";

/**
 * What the web app sends to the threat routes that have no domain input of their own, written once:
 * the handlers validate with these (same messages) and the web app types the bodies it sends from
 * them (docs/architecture.md, "The web contract"). The triage actions' inputs are threat-action-input.ts.
 */

/** PUT /api/threats/{id}/status */
export const ThreatStatusChange = z.object({
  status: z.enum(["active", "false_positive", "dismissed"], {
    message: "status must be one of active, false_positive, dismissed",
  }),
});

export type ThreatStatusChangeBody = z.input<typeof ThreatStatusChange>;
