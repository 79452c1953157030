import { DemoNoticeBody } from "@lg/domain/demo/web-requests";
import { demoService } from "../../shared/demo/services.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** POST /api/demo/dmca: the notice a demo threat would get, for visitors without an account; nothing is sent. */
export const demoThreatNotice: ApiHandler = async (event) => {
  const { threatId } = parseJson(event, DemoNoticeBody);
  return json(200, await demoService().notice(threatId));
};
