import { profileService } from "../../shared/profile-services.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";

/** GET /api/profile: the caller's own profile with defaults and real enrolment state. */
export const getProfile: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await profileService().get(userId));
};
