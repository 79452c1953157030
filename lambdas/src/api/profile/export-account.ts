import { BiometricsExport } from "@lg/domain/accounts/web-requests";
import { DomainError } from "@lg/domain/errors";
import { destructiveActions } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { jsonAttachment } from "../../shared/http/responses.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { exportService } from "../../shared/profile/services.js";

const download = async (userId: string, includeBiometrics: boolean) => {
  const data = await exportService().export(userId, includeBiometrics);
  return jsonAttachment(`likenessguard-export-${data.exportedAt.slice(0, 10)}.json`, data);
};

/** GET /api/account/export: a JSON download of everything stored about the caller, biometric templates left out. */
export const exportAccount: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  if (event.queryStringParameters?.include === "biometrics") {
    throw new DomainError(
      "forbidden",
      'Exporting your biometric data needs your current password: POST /api/account/export with {include: "biometrics", currentPassword} (and currentCode when an authenticator app is on)',
    );
  }
  return download(userId, false);
};

/**
 * POST /api/account/export {include: "biometrics", currentPassword, currentCode?}: the same download
 * with the face and voice templates decrypted, given fresh proof; every contact hears of it.
 */
export const exportAccountWithBiometrics: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { include: _include, ...proof } = parseJson(event, BiometricsExport);
  await destructiveActions().authorise(userId, "biometrics-export", proof, sourceIp(event));
  return download(userId, true);
};
