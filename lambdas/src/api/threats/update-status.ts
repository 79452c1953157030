import { changeThreatStatus } from "@lg/domain/threats/threat-status";
import { threatView } from "@lg/domain/threats/threat-view";
import { ThreatStatusChange } from "@lg/domain/threats/web-requests";
import { recordAudit } from "../../shared/http/audit.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatChangeEvents } from "../../shared/threat-queries/services.js";
import { threatRepository } from "../../shared/threats/services.js";

/** PUT /api/threats/{id}/status: triage by the person (false positive, dismiss, reopen), audited. */
export const updateThreatStatus: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { status } = parseJson(event, ThreatStatusChange);
  const threat = await changeThreatStatus(
    threatRepository(),
    { userId, threatId: event.pathParameters?.id ?? "", to: status, actor: "user" },
    undefined,
    threatChangeEvents(),
  );
  await recordAudit(event, "threat.status_changed", threat.id, { to: status });
  return json(200, threatView(threat));
};
