import { ExportService } from "@lg/domain/accounts/export-service";
import { ProfileService } from "@lg/domain/accounts/profile-service";
import { accountStore } from "../accounts/services.js";
import { dataKeys, sampleLibrary } from "../biometrics/services.js";
import { once } from "../once.js";

/** The profile and its export: the account's own record with what its biometrics say of it. */
const now = () => new Date();

export const profileService = once(() => new ProfileService({ store: accountStore(), samples: sampleLibrary(), now }));
export const exportService = once(() => new ExportService({ store: accountStore(), keys: dataKeys(), now }));
