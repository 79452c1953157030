import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../api/types";
import { ActivatedStep } from "../features/onboarding/ActivatedStep";
import { FirstScanStep } from "../features/onboarding/FirstScanStep";
import { renderRoute, stubApi } from "../test/render-app";

const PROFILE: Profile = {
  membershipTier: "personal",
  platforms: [],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: true,
  faceVerified: false,
  voiceEnrolled: false,
};

const claimsProtection = () =>
  screen.queryByText(/Active & Protected|Protected since|Protection Activated|now monitoring|under watch/);

describe("what the setup pages claim", () => {
  it("the demo onboarding's last step is a walkthrough, not an activation", () => {
    renderRoute(<ActivatedStep demo="personal" />);
    expect(screen.getByRole("heading", { name: "Demo setup finished" })).toBeInTheDocument();
    expect(claimsProtection()).toBeNull();
  });

  it("an account without platforms or a verified likeness is told what is missing, and no scan starts", () => {
    const { calls } = stubApi({});
    renderRoute(<FirstScanStep profile={PROFILE} />);
    expect(screen.getByRole("heading", { name: "Setup not finished" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Nothing can be searched yet. To run your first scan: choose the platforms to scan, verify your face with the live poses (an uploaded photo is not searched until then), or record your voice.",
      ),
    ).toBeInTheDocument();
    expect(claimsProtection()).toBeNull();
    expect(calls.some((c) => c.path === "/api/scan/force")).toBe(false);
  });
});
