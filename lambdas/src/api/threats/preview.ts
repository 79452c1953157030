import { type ApiHandler, binary } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatQueries } from "../../shared/threat-queries/services.js";

/** GET /api/threats/{id}/preview: the censored preview of the threat's picture, as a JPEG. */
export const threatPreview: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const preview = await threatQueries().preview(userId, event.pathParameters?.id ?? "");
  return binary(200, preview.bytes, preview.contentType);
};
