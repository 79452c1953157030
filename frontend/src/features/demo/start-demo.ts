import { apiJson } from "../../api/client";
import type { DemoProfile, MembershipTier } from "../../api/types";
import { storeDemoSession } from "./demo-session";

/**
 * Spec section 4: success stores profile and type and goes to the guided demo; any failure is only
 * logged and the visitor goes to the caller's fallback route. Nothing is shown to the user.
 */
export async function startDemo(demoType: MembershipTier, fallbackPath: string): Promise<string> {
  try {
    const profile = await apiJson<DemoProfile>("POST", "/api/demo/profile", { demoType });
    storeDemoSession(profile, demoType);
    return `/demo/guided?type=${demoType}`;
  } catch (error) {
    console.error("Failed to create demo profile", error);
    return fallbackPath;
  }
}
