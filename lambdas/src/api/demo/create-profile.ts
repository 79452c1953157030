import { DemoProfileBody } from "@lg/domain/demo/web-requests";
import { rateLimiter } from "../../shared/accounts/services.js";
import { demoService } from "../../shared/demo/services.js";
import { HttpError } from "../../shared/http/http-errors.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { profileService } from "../../shared/profile/services.js";

/**
 * POST /api/demo/profile: from the landing chooser ({demoType}) a server-side demo profile; from
 * profile setup (the form's payload) the signed-in person's profile, or a demo one when signed out.
 */
/** The signed-in caller, or null for a visitor trying the demo. */
async function optionalUserId(event: Parameters<ApiHandler>[0]): Promise<string | null> {
  try {
    return await requireUserId(event);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 401) return null;
    throw e;
  }
}

export const createDemoProfile: ApiHandler = async (event) => {
  const body = parseJson(event, DemoProfileBody);
  const tier = body.demoType && body.demoType !== "interactive" ? body.demoType : "personal";
  const userId = "firstName" in body ? await optionalUserId(event) : null;
  if (userId && "firstName" in body) return json(200, await profileService().update(userId, body));
  // Anonymous demo profiles are stored (with a TTL): bounded per source address.
  await rateLimiter().consume({ rule: "demoProfilePerSource", subject: sourceIp(event) });
  if ("firstName" in body) {
    const { demoType: _d, ...fields } = body;
    return json(
      200,
      await demoService().createProfile(tier, { ...fields, fullName: `${body.firstName} ${body.lastName}` }),
    );
  }
  return json(200, await demoService().createProfile(tier));
};
