import { erasureService } from "../../shared/erasure-services.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";

/** DELETE /api/biometric: every sample, embedding, object and object version of the caller. */
export const deleteBiometrics: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, { deleted: await erasureService().deleteBiometrics(userId) });
};
