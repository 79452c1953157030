import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { profile } from "../test/profile-fixture";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";
import Settings from "./settings";

/**
 * An analyst saw Take Down, Manage billing and Delete All Biometric Data, which the API refused only
 * after the click (issue 36 item 13): the controls follow the role's permissions (team/policy.ts).
 */
const THREAT = {
  id: "thr_1",
  threatType: "deepfake",
  severity: "high",
  confidence: 97,
  synthetic: "synthetic",
  platform: "reddit",
  url: "https://reddit.example/p/1",
  status: "active",
  personId: "self",
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  sightingsCount: 1,
  groups: { media: "m1" },
  noPicture: "evidence-not-kept",
  allowedActions: ["false_positive", "dismiss", "takedown"],
  takedown: null,
};
const PROFILE = profile({
  membershipTier: "professional",
  platforms: ["reddit"],
  scanFrequency: "daily",
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: true,
});

function signedInAs(role: "owner" | "analyst") {
  stubApi({
    "GET /api/auth/user": { status: 200, body: { userId: "u-2" } },
    "GET /api/team/me": { status: 200, body: { accountId: "acc-1", role, own: role === "owner" } },
    "GET /api/stats": { status: 200, body: { activeThreats: 1, sitesScanned: 1, resolvedThreats: 0 } },
    "GET /api/profile": { status: 200, body: PROFILE },
    "GET /api/threats": { status: 200, body: { items: [THREAT], nextCursor: null } },
    "GET /api/billing/subscription": { status: 200, body: { tier: "professional", status: "active" } },
  });
}

describe("controls follow the team role", () => {
  it("an analyst's dashboard offers triage but no takedown", async () => {
    signedInAs("analyst");
    renderRoute(<Dashboard />, { path: "/dashboard" });
    expect(await screen.findByRole("button", { name: /^View Details:/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Take Down/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Prepare takedown notice" })).toBeNull();
  });

  it("the owner's dashboard offers the takedown", async () => {
    signedInAs("owner");
    renderRoute(<Dashboard />, { path: "/dashboard" });
    expect(await screen.findByRole("button", { name: /^Take Down/ }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("an analyst's settings offer no billing and no deletion of the owner's biometric data", async () => {
    signedInAs("analyst");
    renderRoute(<Settings />, { path: "/settings" });
    await screen.findByRole("heading", { name: "Team" }, { timeout: 5000 });
    await screen.findByText(/as an analyst/, {}, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: "Manage billing" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Plan and billing" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete All Biometric Data" })).toBeNull();
  });
});
