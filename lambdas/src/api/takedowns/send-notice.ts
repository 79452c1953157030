import { SendNoticeBody } from "@lg/domain/takedowns/web-requests";
import { recordAudit } from "../../shared/http/audit.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { noticeService } from "../../shared/takedowns/services.js";

/**
 * POST /api/dmca/send: on the caller's statements, mails the notice ("sent" once the mail provider
 * accepted it) or, for a web-form channel, records it as needing filing and returns the form's fields.
 */
export const sendNotice: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { threatId, confirmations, claimCopyright } = parseJson(event, SendNoticeBody);
  const outcome = await noticeService().send(userId, threatId, {
    confirmations,
    ...(claimCopyright ? { claimCopyright } : {}),
  });
  // "sent" only when the mail provider took it; a web-form notice is logged when the person files it.
  if (outcome.sent)
    await recordAudit(event, "notice.sent", outcome.noticeId, { threatId, recipient: outcome.recipient });
  return json(200, outcome);
};
