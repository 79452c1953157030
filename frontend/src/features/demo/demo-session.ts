import type { DemoProfile, MembershipTier, Stats, Threat } from "../../api/types";

export const DEMO_TYPES: MembershipTier[] = ["personal", "professional", "enterprise"];

export function parseDemoType(value: string | null | undefined): MembershipTier | null {
  return DEMO_TYPES.includes(value as MembershipTier) ? (value as MembershipTier) : null;
}

/** Spec section 3: the demo profile lives whole in session storage under demoProfile, its type under demoType. */
export function storeDemoSession(profile: DemoProfile, demoType: MembershipTier): void {
  sessionStorage.setItem("demoProfile", JSON.stringify(profile));
  sessionStorage.setItem("demoType", demoType);
}

/**
 * The stored demo persona, only when it belongs to `tier`: after an enterprise demo, ?demo=personal
 * must show the personal demo, not the enterprise persona left in the session.
 */
export function readDemoProfile(tier: MembershipTier): DemoProfile | null {
  const raw = sessionStorage.getItem("demoProfile");
  if (!raw) return null;
  try {
    const profile = JSON.parse(raw) as DemoProfile;
    return profile.membershipTier === tier ? profile : null;
  } catch {
    return null;
  }
}

/** The tier a ?demo= link asks for becomes the session's: later pages without the link stay on it. */
export function rememberDemoType(tier: MembershipTier): void {
  if (readDemoType() !== tier) sessionStorage.setItem("demoType", tier);
}

export function readDemoType(): MembershipTier | null {
  return parseDemoType(sessionStorage.getItem("demoType"));
}

/** Spec section 3: demo stats are computed locally, never requested. */
export const DEMO_STATS: Record<MembershipTier, Stats> = {
  personal: { activeThreats: 2, sitesScanned: 5, resolvedThreats: 8 },
  professional: { activeThreats: 3, sitesScanned: 13, resolvedThreats: 12 },
  enterprise: { activeThreats: 4, sitesScanned: 25, resolvedThreats: 18 },
};

/** The demo's "Last scan": when the demo scan behind the API's demo threats ended, as they say. */
export function demoLastScanAt(threats: Threat[] | undefined): string | undefined {
  return threats
    ?.map((t) => t.scannedAt)
    .filter((at): at is string => at !== undefined)
    .sort()
    .at(-1);
}

/** Spec section 2 guided demo final step. */
export const DEMO_THREAT_COUNTS: Record<MembershipTier, number> = { personal: 2, professional: 3, enterprise: 4 };
export const DEMO_PLATFORM_COUNTS: Record<MembershipTier, string> = {
  personal: "5",
  professional: "13",
  enterprise: "20+",
};

/** Keeps ?demo= on links when it is present (spec: the demo value is carried from screen to screen). */
export function withDemo(path: string, demo: string | null | undefined): string {
  if (!demo) return path;
  return `${path}${path.includes("?") ? "&" : "?"}demo=${encodeURIComponent(demo)}`;
}
