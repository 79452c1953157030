import { invalid } from "@lg/domain/errors";
import { ThreatListParams } from "@lg/domain/threats/threat-list-query";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatTriage } from "../../shared/threat-queries/services.js";

/** GET /api/threats: a page of the caller's threats, filtered, searched, sorted or grouped (docs/threats-api.md). */
export const listThreats: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const params = ThreatListParams.safeParse(event.queryStringParameters ?? {});
  if (!params.success) {
    const issue = params.error.issues[0];
    throw invalid(`Invalid ${issue?.path.join(".") || "query"}: ${issue?.message ?? "not understood"}`);
  }
  return json(200, await threatTriage().list(userId, params.data));
};
