import { ThreatActionInput, ThreatBulkActionInput } from "@lg/domain/threats/threat-action-input";
import { BulkActionRefused } from "@lg/domain/threats/threat-triage";
import { requireActor } from "../../shared/http/actor.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatQueries, threatTriage } from "../../shared/threat-queries/services.js";

/** POST /api/threats/actions: one triage action for many threats and whole groups, each audited. */
export const bulkThreatAction: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { userId: actorId } = await requireActor(event);
  const request = parseJson(event, ThreatBulkActionInput);
  try {
    return json(200, await threatTriage().act(userId, { actorId, ...request }));
  } catch (error) {
    // Nothing could change: still say, per threat, why.
    if (error instanceof BulkActionRefused) return json(409, { message: error.message, ...error.outcome });
    throw error;
  }
};

/** POST /api/threats/{id}/actions: one triage action on one threat; answers the threat as its details show it. */
export const threatAction: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { userId: actorId } = await requireActor(event);
  const { action } = parseJson(event, ThreatActionInput);
  const threatId = event.pathParameters?.id ?? "";
  await threatTriage().actOne(userId, actorId, threatId, action);
  return json(200, await threatQueries().get(userId, threatId));
};
