import { DemoProfile } from "@lg/domain/demo/web-contract";
import type { DemoProfileRequest } from "@lg/domain/demo/web-requests";
import { apiJson } from "../../api/client";
import type { MembershipTier } from "../../api/types";
import { storeDemoSession } from "./demo-session";

/**
 * Spec section 4: success stores profile and type and goes to the guided demo; any failure is only
 * logged and the visitor goes to the caller's fallback route. Nothing is shown to the user.
 */
export async function startDemo(demoType: MembershipTier, fallbackPath: string): Promise<string> {
  try {
    // The chooser's {demoType} is always answered with a demo profile (the route's other answer is a signed-in profile).
    const profile = await apiJson("POST", "/api/demo/profile", { demoType } satisfies DemoProfileRequest, DemoProfile);
    storeDemoSession(profile, demoType);
    return `/demo/guided?type=${demoType}`;
  } catch (error) {
    console.error("Failed to create demo profile", error);
    return fallbackPath;
  }
}
