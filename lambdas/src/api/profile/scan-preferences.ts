import { ScanPreferencesInput } from "@lg/domain/accounts/profile-shapes";
import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { profileService } from "../../shared/services.js";
import { requireUserId } from "../../shared/session.js";

/** POST /api/scan-preferences: tier, platforms, frequency and takedowns, refused (403) beyond the tier. */
export const saveScanPreferences: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const input = parseJson(event, ScanPreferencesInput);
  return json(200, await profileService().saveScanPreferences(userId, input));
};
