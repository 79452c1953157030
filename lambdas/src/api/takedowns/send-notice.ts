import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";
import { noticeService } from "../../shared/takedown-services.js";
import { SendNoticeBody } from "../request-bodies.js";

/** POST /api/dmca/send: sends the notice on the caller's confirmations (a web form comes back to submit). */
export const sendNotice: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { threatId, confirmations } = parseJson(event, SendNoticeBody);
  return json(200, await noticeService().send(userId, threatId, { confirmations }));
};
