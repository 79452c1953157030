import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../api/query-client";
import { stubApi } from "../test/render-app";
import { Toaster } from "../ui/Toaster";
import { AppRoutes } from "./AppRoutes";

const SAVED = {
  firstName: "Ada",
  lastName: "Lovelace",
  country: "Germany",
  address: "12 St James's Square",
  city: "London",
  membershipTier: "professional",
  platforms: ["reddit", "telegram"],
  scanFrequency: "daily",
  autoTakedown: true,
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: false,
  notificationSettings: { sensitivity: "medium" },
};

function api(posted: { body?: unknown } = {}) {
  return stubApi({
    "GET /api/auth/user": { status: 200, body: { userId: "u1", email: "ada@example.com" } },
    "GET /api/profile": { status: 200, body: SAVED },
    "GET /api/consent": { status: 200, body: { required: false, version: "1" } },
    "POST /api/scan-preferences": (init) => {
      posted.body = JSON.parse(String(init?.body));
      return { status: 200, body: SAVED };
    },
  });
}

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole app's routes, as a link or typed address reaches them. */
function openApp(route: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByLabelText("Location").textContent;

describe("one setup flow behind the spec's routes", () => {
  it("/profile-setup opens the onboarding's identity step on what is saved, country and address included", async () => {
    api();
    openApp("/profile-setup");
    expect(await screen.findByLabelText("First name")).toHaveValue("Ada");
    expect(location()).toBe("/onboarding?step=identity");
    expect(screen.getByText("Step 2 of 7")).toBeInTheDocument();
    expect(screen.getByLabelText("Country you live in")).toHaveValue("Germany");
    expect(screen.getByLabelText("Postal address for your notices (optional)")).toHaveValue("12 St James's Square");
    expect(screen.getByLabelText("City (optional)")).toHaveValue("London");
  });

  it("Settings' platforms link opens the platforms step on what is saved, and saving returns to Settings", async () => {
    const posted: { body?: unknown } = {};
    api(posted);
    const user = userEvent.setup({ delay: null });
    openApp("/onboarding?step=platforms&from=%2Fsettings");
    const group = await screen.findByRole("group", { name: "Platforms to monitor" });
    const ticked = within(group)
      .getAllByRole("checkbox")
      .filter((box) => (box as HTMLInputElement).checked);
    expect(ticked).toHaveLength(2);
    expect(screen.getByLabelText("Scan frequency")).toHaveValue("daily");
    expect(screen.getByRole("checkbox", { name: /Enable Automatic Takedown Requests/ })).toBeChecked();
    await user.selectOptions(screen.getByLabelText("Scan frequency"), "weekly");
    await user.click(screen.getByRole("button", { name: "Save and Continue" }));
    await screen.findByText("Your setup is updated.");
    expect(posted.body).toEqual({
      platforms: ["reddit", "telegram"],
      scanFrequency: "weekly",
      alertSensitivity: "medium",
      autoTakedown: true,
    });
    await waitFor(() => expect(location()).toBe("/settings"));
  });

  it("/scan-preferences in the demo opens the demo's platforms step for the demo's plan", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    openApp("/scan-preferences?demo=enterprise");
    await screen.findByRole("group", { name: "Platforms to monitor" });
    expect(location()).toBe("/onboarding?step=platforms&demo=enterprise");
    expect(screen.getByText(/Your Enterprise plan includes these platforms/)).toBeInTheDocument();
  });
});
