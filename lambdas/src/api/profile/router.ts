import { createRouteGroup } from "../../shared/http/route-group.js";
import { exportAccount, exportAccountWithBiometrics } from "./export-account.js";
import { getProfile } from "./get-profile.js";
import { saveScanPreferences } from "./scan-preferences.js";
import { updateProfile } from "./update-profile.js";

export const handler = createRouteGroup("profile", {
  "GET /api/profile": getProfile,
  "PUT /api/profile": updateProfile,
  "POST /api/scan-preferences": saveScanPreferences,
  "GET /api/account/export": exportAccount,
  "POST /api/account/export": exportAccountWithBiometrics,
});
