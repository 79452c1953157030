import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Profile } from "../api/types";
import { ActivatedStep } from "../features/onboarding/ActivatedStep";
import { FirstScanStep } from "../features/onboarding/FirstScanStep";
import { ProfileComplete } from "../features/profile-setup/ProfileComplete";
import { renderRoute, stubApi } from "../test/render-app";
import { currentToasts } from "../ui/toast-store";
import ScanPreferencesRoute from "./scan-preferences";

const VALUES = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1990-01-01",
  phone: "+14155550123",
  address: "1 Main St",
  city: "London",
  country: "UK",
  occupation: "",
  bio: "",
};
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
  it("a visitor's profile step (from /pricing) says nothing is protected", () => {
    renderRoute(<ProfileComplete values={VALUES} demo="personal" saved="demo" />);
    expect(claimsProtection()).toBeNull();
    expect(screen.getByText(/Demo only: nothing is protected/)).toBeInTheDocument();
  });

  it("a signed-in person's saved profile says when protection will start, not that it has", () => {
    renderRoute(<ProfileComplete values={VALUES} demo={null} saved="account" />);
    expect(claimsProtection()).toBeNull();
    expect(screen.getByText(/Protection starts once your face or voice is enrolled/)).toBeInTheDocument();
  });

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

  it("a visitor's scan preferences say nothing is monitored", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    const user = userEvent.setup({ delay: null });
    renderRoute(<ScanPreferencesRoute />, { path: "/scan-preferences", route: "/scan-preferences?demo=personal" });
    const platforms = within(await screen.findByRole("group", { name: "Platforms to monitor" })).getAllByRole(
      "checkbox",
    );
    await user.click(platforms[0] as HTMLElement);
    await user.selectOptions(screen.getByLabelText("Scan frequency"), "weekly");
    await user.click(screen.getByRole("button", { name: "Activate AI Protection" }));
    expect(await screen.findByText("navigated away")).toBeInTheDocument();
    const said = currentToasts().map((t) => `${t.title}: ${t.description}`);
    expect(said).toContain(
      "Demo preferences: Nothing was saved and nothing is monitored: this is the demo. Create an account to be protected.",
    );
    expect(said.filter((t) => /now monitoring|Protection Activated/.test(t))).toEqual([]);
  });
});
