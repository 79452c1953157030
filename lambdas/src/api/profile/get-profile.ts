import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { profileService } from "../../shared/profile/services.js";

/** GET /api/profile: the caller's own profile with defaults and real enrolment state. */
export const getProfile: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await profileService().get(userId));
};
