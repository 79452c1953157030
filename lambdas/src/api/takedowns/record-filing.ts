import { RecordFilingBody } from "@lg/domain/takedowns/web-requests";
import { recordAudit } from "../../shared/http/audit.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { noticeService } from "../../shared/takedowns/services.js";

/** POST /api/dmca/filed: "I have filed it" for a web-form notice; records the date and starts tracking. */
export const recordFiling: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { noticeId } = parseJson(event, RecordFilingBody);
  const filed = await noticeService().recordFiling(userId, noticeId);
  await recordAudit(event, "notice.filed", noticeId);
  return json(200, filed);
};
