import { Reauthentication } from "@lg/domain/accounts/reauthentication";
import { destructiveActions } from "../../shared/accounts/services.js";
import { erasureService } from "../../shared/erasure/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/**
 * DELETE /api/biometric {currentPassword, currentCode?}: with fresh proof, every sample, embedding,
 * object and object version of the caller; every contact hears of it.
 */
export const deleteBiometrics: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const proof = parseJson(event, Reauthentication);
  await destructiveActions().authorise(userId, "biometrics-deletion", proof, sourceIp(event));
  return json(200, { deleted: await erasureService().deleteBiometrics(userId) });
};
