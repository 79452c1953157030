import { publicTakedown, publicThreat } from "@lg/domain/integrations/public-api-service";
import type { WebhookEventType } from "@lg/domain/table/integration-entities";
import type { TakedownSummary } from "@lg/domain/takedowns/takedown-centre";
import type { TakedownResolutionEvents } from "@lg/domain/takedowns/threat-takedown";
import type { ThreatRecord } from "@lg/domain/threats/threat-ports";
import type { ThreatChangeEvents } from "@lg/domain/threats/threat-status";
import { publishEvent } from "../integrations/services.js";
import { recordUnexpectedError } from "../observability.js";

/**
 * Publishes an event made from what the public API answers for its subject, read after the change.
 * A failure is logged, never the change's: the threat or notice has changed whatever its webhook does.
 */
async function tell(accountId: string, type: WebhookEventType, read: () => Promise<Record<string, unknown> | null>) {
  try {
    const data = await read();
    if (data) await publishEvent(accountId, type, data);
  } catch (error) {
    recordUnexpectedError(error, { route: `webhook ${type}` });
  }
}

/** threat.updated, with the threat as GET /api/v1/threats/{id} answers it. */
export const threatUpdatedEvents = (
  readThreat: (userId: string, threatId: string) => Promise<ThreatRecord | null>,
): ThreatChangeEvents => ({
  threatUpdated: (userId, threatId) =>
    tell(userId, "threat.updated", async () => {
      const threat = await readThreat(userId, threatId);
      return threat ? { ...publicThreat(threat) } : null;
    }),
});

/** takedown.resolved, with the notice as GET /api/v1/takedowns/{id} answers it. */
export const takedownResolvedEvents = (
  readTakedown: (userId: string, noticeId: string) => Promise<TakedownSummary>,
): TakedownResolutionEvents => ({
  takedownResolved: (userId, noticeId) =>
    tell(userId, "takedown.resolved", async () => ({ ...publicTakedown(await readTakedown(userId, noticeId)) })),
});
