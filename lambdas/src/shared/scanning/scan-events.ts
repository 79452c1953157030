import { publicThreat } from "@lg/domain/integrations/public-api-service";
import { publishEvent } from "../integrations/services.js";
import { recordUnexpectedError } from "../observability.js";
import { threatRepository } from "../threats/services.js";

interface FinishedScan {
  scanId: string;
  status: string;
  trigger: string;
  itemsScanned: number;
  threatsFound: number;
  startedAt: string;
  finishedAt?: string;
}

/**
 * A finished scan's events for the account's webhooks: threat.created for each threat it recorded
 * (as GET /api/v1/threats/{id} shows it), then scan.completed. The scan has finished whatever they do:
 * a failure here is logged, never the scan's.
 */
export async function publishScanEvents(accountId: string, scan: FinishedScan, newThreatIds: string[]): Promise<void> {
  try {
    const threats = newThreatIds.length > 0 ? await threatRepository().getMany(accountId, newThreatIds) : [];
    for (const threat of threats) await publishEvent(accountId, "threat.created", { ...publicThreat(threat) });
    await publishEvent(accountId, "scan.completed", {
      scanId: scan.scanId,
      status: scan.status,
      trigger: scan.trigger,
      itemsScanned: scan.itemsScanned,
      threatsFound: scan.threatsFound,
      newThreatIds,
      startedAt: scan.startedAt,
      ...(scan.finishedAt ? { finishedAt: scan.finishedAt } : {}),
    });
  } catch (error) {
    recordUnexpectedError(error, { route: "webhook scan events" });
  }
}
