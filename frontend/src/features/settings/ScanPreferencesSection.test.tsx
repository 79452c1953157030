import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { PrivacyControls } from "./PrivacyControls";
import { ScanPreferencesSection } from "./ScanPreferencesSection";

const PROFILE: Profile = {
  membershipTier: "personal",
  platforms: ["facebook", "instagram", "reddit"],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: true,
  scanPreferences: { socialMedia: true, forums: true, adultSites: false, darkWeb: false },
  notificationSettings: { sensitivity: "high" },
  privacySettings: { zeroKnowledge: false },
};

describe("Settings switches", () => {
  it("unticking Social Media saves it off, and says which platforms scans cover", async () => {
    const { calls } = stubApi({
      "PUT /api/profile": { status: 200, body: PROFILE },
      "GET /api/profile": { status: 200, body: PROFILE },
    });
    renderRoute(<ScanPreferencesSection profile={PROFILE} />);
    expect(screen.getByText(/Now scanned: Facebook, Instagram, Reddit\. Scans run weekly\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Change platforms and frequency" })).toHaveAttribute(
      "href",
      "/onboarding?step=platforms&from=%2Fsettings",
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("checkbox", { name: "Social Media" }));
    await user.click(screen.getByRole("button", { name: "Save Scan Preferences" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === "PUT")?.init?.body));
    expect(body.scanPreferences).toMatchObject({ socialMedia: false, forums: true, adultSites: false });
  });

  it("offers only privacy switches that change what the product does", () => {
    stubApi({});
    renderRoute(<PrivacyControls profile={PROFILE} />);
    expect(screen.getAllByRole("switch").map((s) => s.getAttribute("aria-describedby"))).toEqual([
      "zeroKnowledge-help",
    ]);
    expect(screen.queryByText("Anonymous Analytics")).toBeNull();
    expect(screen.queryByText("Legal Report Sharing")).toBeNull();
  });
});
