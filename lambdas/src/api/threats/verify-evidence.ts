import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatQueries } from "../../shared/threat-queries/services.js";

/** GET /api/threats/{id}/evidence: re-hashes the evidence package to prove it is unchanged. */
export const verifyEvidence: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await threatQueries().verifyEvidence(userId, event.pathParameters?.id ?? ""));
};
