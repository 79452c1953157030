import { z } from "zod";
import { TRIAGE_ACTIONS } from "./threat-actions.js";

const threatId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:~-]+$/);

/** POST /api/threats/actions (docs/threats-api.md): one action for listed threats and whole groups. */
export const ThreatBulkActionInput = z
  .object({
    action: z.enum(TRIAGE_ACTIONS),
    threatIds: z.array(threatId).max(100).default([]),
    groups: z
      .array(z.object({ kind: z.enum(["media", "account"]), key: z.string().min(1).max(600) }).strict())
      .max(20)
      .default([]),
  })
  .strict();

/** POST /api/threats/{id}/actions. */
export const ThreatActionInput = z.object({ action: z.enum(TRIAGE_ACTIONS) }).strict();

/** What the web app sends (`satisfies`): the bodies before their defaults are applied. */
export type ThreatBulkActionRequest = z.input<typeof ThreatBulkActionInput>;
export type ThreatActionRequest = z.input<typeof ThreatActionInput>;
