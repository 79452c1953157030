import { screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { profile } from "../test/profile-fixture";
import { renderRoute, stubApi } from "../test/render-app";
import { STATUS_STUB } from "../test/status-fixture";
import Compliance from "./compliance";
import Dashboard from "./dashboard";
import Features from "./features";
import GuidedDemo from "./guided-demo";
import Landing from "./landing";
import NotFound from "./not-found";
import Onboarding from "./onboarding";
import Pricing from "./pricing";
import Privacy from "./privacy";
import Settings from "./settings";
import Signin from "./signin";
import Signup from "./signup";
import Status from "./status";

const signedIn = { status: 200, body: { userId: "u1", email: "me@example.com" } };
const threats = [
  {
    id: "t1",
    threatType: "deepfake",
    confidence: 95,
    platform: "instagram",
    createdAt: "2026-01-01T00:00:00Z",
    status: "active",
    url: "https://x.example/1",
  },
];
const API = {
  "GET /api/system/metrics": {
    status: 200,
    body: { detection: { faceTarAtFar1e3: 0.97, imageP50Ms: 300 }, platformsMonitored: 19 },
  },
  "GET /api/health": { status: 200, body: { status: "ok", services: [{ name: "table", ok: true, latencyMs: 3 }] } },
  ...STATUS_STUB,
  "GET /api/demo/threats": { status: 200, body: threats },
  "GET /api/threats": { status: 200, body: { items: threats, nextCursor: null } },
  "GET /api/stats": { status: 200, body: { activeThreats: 1, sitesScanned: 5, resolvedThreats: 0 } },
  "GET /api/profile": {
    status: 200,
    body: profile(),
  },
};

/** Serious and critical axe violations on the rendered page (contrast is checked in the Lighthouse bench). */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const PAGES: { path: string; Screen: ComponentType; route: string; authed: boolean }[] = [
  { path: "/", Screen: Landing, route: "/", authed: false },
  { path: "/features", Screen: Features, route: "/features", authed: false },
  { path: "/pricing", Screen: Pricing, route: "/pricing?demo=enterprise", authed: false },
  { path: "/dashboard", Screen: Dashboard, route: "/dashboard", authed: true },
  { path: "/dashboard", Screen: Dashboard, route: "/dashboard?demo=professional", authed: false },
  { path: "/signup", Screen: Signup, route: "/signup?demo=personal", authed: false },
  { path: "/signin", Screen: Signin, route: "/signin?next=/dashboard", authed: false },
  // The old flow's identity and platforms screens are these steps of the one setup flow.
  { path: "/onboarding", Screen: Onboarding, route: "/onboarding?step=identity&demo=personal", authed: false },
  { path: "/onboarding", Screen: Onboarding, route: "/onboarding?step=platforms&demo=enterprise", authed: false },
  { path: "/onboarding", Screen: Onboarding, route: "/onboarding?demo=personal", authed: false },
  { path: "/settings", Screen: Settings, route: "/settings", authed: true },
  { path: "/status", Screen: Status, route: "/status", authed: false },
  { path: "/demo/guided", Screen: GuidedDemo, route: "/demo/guided?type=personal", authed: false },
  { path: "/privacy", Screen: Privacy, route: "/privacy", authed: false },
  { path: "/compliance", Screen: Compliance, route: "/compliance", authed: false },
  { path: "*", Screen: NotFound, route: "/missing", authed: false },
];

describe("accessibility", () => {
  it.each(PAGES)(
    "$route (signed in: $authed) has no serious or critical axe violation",
    async ({ path, Screen, route, authed }) => {
      stubApi({ ...API, "GET /api/auth/user": authed ? signedIn : { status: 401, body: "Unauthorized" } });
      sessionStorage.setItem(
        "demoProfile",
        JSON.stringify({
          fullName: "Sarah Johnson",
          membershipTier: "personal",
          scanPreferences: { socialMedia: true },
        }),
      );
      renderRoute(<Screen />, { path, route });
      await waitFor(() => expect(screen.getByRole("main")).toBeInTheDocument());
      await waitFor(() => expect(screen.queryByText(/Loading/)).not.toBeInTheDocument());
      expect(await seriousViolations()).toEqual([]);
    },
  );
});
