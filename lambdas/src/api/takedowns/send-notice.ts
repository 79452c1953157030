import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";
import { noticeService } from "../../shared/takedown-services.js";
import { SendNoticeBody } from "../request-bodies.js";

/**
 * POST /api/dmca/send: on the caller's statements, mails the notice ("sent" once the mail provider
 * accepted it) or, for a web-form channel, records it as needing filing and returns the form's fields.
 */
export const sendNotice: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { threatId, confirmations, claimCopyright } = parseJson(event, SendNoticeBody);
  return json(
    200,
    await noticeService().send(userId, threatId, { confirmations, ...(claimCopyright ? { claimCopyright } : {}) }),
  );
};
