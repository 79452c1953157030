import { createRouteGroup } from "../../shared/http/route-group.js";
import { createDemoProfile } from "./create-profile.js";
import { listDemoThreats } from "./list-threats.js";
import { demoThreatNotice } from "./notice.js";
import { demoThreatPreview, demoThreatThumbnail } from "./preview.js";

export const handler = createRouteGroup("demo", {
  "POST /api/demo/profile": createDemoProfile,
  "GET /api/demo/threats": listDemoThreats,
  "GET /api/demo/threats/{id}/preview": demoThreatPreview,
  "GET /api/demo/threats/{id}/thumbnail": demoThreatThumbnail,
  "POST /api/demo/dmca": demoThreatNotice,
});
