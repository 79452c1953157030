import { createRouteGroup } from "../../shared/http/route-group.js";
import { actOnTakedown } from "./act-on-takedown.js";
import { generateNotice } from "./generate-notice.js";
import { getTakedown } from "./get-takedown.js";
import { listTakedowns } from "./list-takedowns.js";
import { recordFiling } from "./record-filing.js";
import { sendNotice } from "./send-notice.js";

export const handler = createRouteGroup("takedowns", {
  "POST /api/dmca": generateNotice,
  "POST /api/dmca/send": sendNotice,
  "POST /api/dmca/filed": recordFiling,
  "GET /api/takedowns": listTakedowns,
  "GET /api/takedowns/{id}": getTakedown,
  "POST /api/takedowns/{id}/actions": actOnTakedown,
});
