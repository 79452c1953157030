import { createRouteGroup } from "../../shared/route-group.js";
import { generateNotice } from "./generate-notice.js";
import { recordFiling } from "./record-filing.js";
import { sendNotice } from "./send-notice.js";

export const handler = createRouteGroup("takedowns", {
  "POST /api/dmca": generateNotice,
  "POST /api/dmca/send": sendNotice,
  "POST /api/dmca/filed": recordFiling,
});
