import { ProfileUpdateInput } from "@lg/domain/accounts/profile-shapes";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { profileService } from "../../shared/profile/services.js";

/** PUT /api/profile: one settings section at a time, or the profile-setup payload. */
export const updateProfile: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const input = parseJson(event, ProfileUpdateInput);
  return json(200, await profileService().update(userId, input));
};
