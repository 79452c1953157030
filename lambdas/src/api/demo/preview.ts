import { demoService } from "../../shared/demo/services.js";
import { type ApiHandler, binary } from "../../shared/http/route-group.js";

/** GET /api/demo/threats/{id}/preview: the censored preview of a demo threat's picture. */
export const demoThreatPreview: ApiHandler = async (event) => {
  const preview = await demoService().preview(event.pathParameters?.id ?? "");
  return binary(200, preview.bytes, preview.contentType);
};

/** GET /api/demo/threats/{id}/thumbnail: a demo threat row's small censored picture. */
export const demoThreatThumbnail: ApiHandler = async (event) => {
  const thumbnail = await demoService().thumbnail(event.pathParameters?.id ?? "");
  return binary(200, thumbnail.bytes, thumbnail.contentType);
};
