import type { ThreatRecord } from "../threat.js";
import { ThreatClosedError, ThreatNotFoundError, ThreatNotOwnedError } from "./errors.js";

const CLOSED_STATUSES: ReadonlySet<ThreatRecord["status"]> = new Set(["removed", "false_positive", "dismissed"]);

/**
 * A notice may be made only for the requester's own threat that is still live. `takedown_requested`
 * stays allowed: re-sending or escalating a notice that got no answer is legitimate.
 */
export function assertNoticeAllowed(
  threat: ThreatRecord | undefined,
  requesterUserId: string,
  threatId: string,
): asserts threat is ThreatRecord {
  if (!threat) throw new ThreatNotFoundError(threatId);
  if (threat.userId !== requesterUserId) throw new ThreatNotOwnedError(threatId);
  if (CLOSED_STATUSES.has(threat.status)) throw new ThreatClosedError(threatId, threat.status);
}
