import { createRouteGroup } from "../../shared/http/route-group.js";
import { forceScan } from "./force-scan.js";
import { getThreat } from "./get-threat.js";
import { listThreats } from "./list-threats.js";
import { threatPreview } from "./preview.js";
import { scanStatus } from "./scan-status.js";
import { getStats } from "./stats.js";
import { bulkThreatAction, threatAction } from "./threat-actions.js";
import { threatAudio, threatEnrolledPhoto, threatFrame, threatMediaFacts, threatThumbnail } from "./threat-media.js";
import { updateThreatStatus } from "./update-status.js";
import { verifyEvidence } from "./verify-evidence.js";

export const handler = createRouteGroup("threats", {
  "GET /api/threats": listThreats,
  "GET /api/threats/{id}": getThreat,
  "POST /api/threats/actions": bulkThreatAction,
  "POST /api/threats/{id}/actions": threatAction,
  "PUT /api/threats/{id}/status": updateThreatStatus,
  "GET /api/threats/{id}/evidence": verifyEvidence,
  "GET /api/threats/{id}/preview": threatPreview,
  "GET /api/threats/{id}/thumbnail": threatThumbnail,
  "GET /api/threats/{id}/media": threatMediaFacts,
  "GET /api/threats/{id}/media/audio": threatAudio,
  "GET /api/threats/{id}/media/enrolled-photo": threatEnrolledPhoto,
  "GET /api/threats/{id}/media/frames/{frame}": threatFrame,
  "GET /api/stats": getStats,
  "POST /api/scan/force": forceScan,
  "GET /api/scan/status": scanStatus,
});
