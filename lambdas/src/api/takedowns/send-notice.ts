import { z } from "zod";
import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";
import { noticeService } from "../../shared/takedown-services.js";

const Body = z.object({
  threatId: z.string({ error: "threatId is required" }).min(1, "threatId is required"),
  confirmations: z.array(z.string()).default([]),
});

/** POST /api/dmca/send: sends the notice on the caller's confirmations (a web form comes back to submit). */
export const sendNotice: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { threatId, confirmations } = parseJson(event, Body);
  return json(200, await noticeService().send(userId, threatId, { confirmations }));
};
