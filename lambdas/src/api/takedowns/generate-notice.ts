import { GenerateNoticeBody } from "@lg/domain/takedowns/web-requests";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { noticeService } from "../../shared/takedowns/services.js";

/** POST /api/dmca: the notice for one of the caller's threats, its basis and channel, for review; nothing is sent. */
export const generateNotice: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { threatId, claimCopyright } = parseJson(event, GenerateNoticeBody);
  return json(200, await noticeService().generate(userId, threatId, claimCopyright ? { claimCopyright } : {}));
};
