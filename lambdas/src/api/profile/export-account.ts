import { exportService } from "../../shared/profile-services.js";
import { jsonAttachment } from "../../shared/responses.js";
import type { ApiHandler } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";

/** GET /api/account/export[?include=biometrics]: a JSON download of everything stored about the caller. */
export const exportAccount: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const includeBiometrics = event.queryStringParameters?.include === "biometrics";
  const data = await exportService().export(userId, includeBiometrics);
  return jsonAttachment(`likenessguard-export-${data.exportedAt.slice(0, 10)}.json`, data);
};
