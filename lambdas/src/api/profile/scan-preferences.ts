import { ScanPreferencesInput } from "@lg/domain/accounts/profile-shapes";
import { syncScanSchedule } from "@lg/domain/scanning/scan-schedule";
import { accountStore } from "../../shared/accounts/services.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { profileService } from "../../shared/profile/services.js";
import { scanSchedules } from "../../shared/scanning/scan-schedules.js";

/**
 * POST /api/scan-preferences: platforms, frequency and takedowns, refused (403) beyond the billed
 * tier (a tier sent by the client is refused); the EventBridge schedule then follows the new frequency.
 */
export const saveScanPreferences: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const input = parseJson(event, ScanPreferencesInput);
  const view = await profileService().saveScanPreferences(userId, input);
  const profile = await accountStore().getProfile(userId);
  if (profile) await syncScanSchedule(scanSchedules, profile);
  return json(200, view);
};
