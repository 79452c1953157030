import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import ProfileSetupRoute from "./profile-setup";

describe("the profile setup page", () => {
  it("opens on what a signed-in account already saved, not on an empty form", async () => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      "GET /api/profile": {
        status: 200,
        body: {
          userId: "u-1",
          firstName: "Ada",
          lastName: "Moreno",
          city: "Berlin",
          country: "DE",
          membershipTier: "personal",
          platforms: [],
          scanFrequency: "weekly",
          autoTakedown: false,
          faceEnrolled: false,
          faceVerified: false,
          voiceEnrolled: false,
        },
      },
    });
    renderRoute(<ProfileSetupRoute />, { path: "/profile-setup" });
    expect(await screen.findByDisplayValue("Ada")).toBeInTheDocument();
    expect(screen.getByLabelText("Last name")).toHaveValue("Moreno");
    expect(screen.getByLabelText("City")).toHaveValue("Berlin");
    expect(screen.getByLabelText("Country")).toHaveValue("DE");
  });
});
