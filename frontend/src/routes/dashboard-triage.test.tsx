import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";

const at = new Date().toISOString();
const threat = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  threatType: "deepfake",
  confidence: 95,
  platform: "youtube",
  createdAt: at,
  status: "active",
  url: `https://y.example/${id}`,
  title: `Threat ${id}`,
  ...extra,
});

const API = {
  "GET /api/auth/user": { status: 200, body: { userId: "u-1", email: "me@example.com" } },
  "GET /api/stats": { status: 200, body: { activeThreats: 3, sitesScanned: 2, resolvedThreats: 0 } },
  "GET /api/profile": {
    status: 200,
    body: {
      membershipTier: "personal",
      platforms: ["youtube"],
      scanFrequency: "weekly",
      autoTakedown: false,
      faceEnrolled: true,
      faceVerified: true,
      voiceEnrolled: false,
    },
  },
  "GET /api/threats": {
    status: 200,
    body: { items: [threat("t1"), threat("t2"), threat("t3", { status: "takedown_requested" })], nextCursor: "more" },
  },
};

describe("the dashboard's threat triage", () => {
  it("opens an alert's linked threat by id, even when it is not on the first page", async () => {
    stubApi({
      ...API,
      "GET /api/threats/t-old": { status: 200, body: threat("t-old", { title: "An older threat", history: [] }) },
      "GET /api/threats/t-old/media": { status: 404, body: { message: "Threat has no evidence" } },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?threat=t-old" });
    // The details dialog's code loads when it opens (a chunk of its own): give it time to arrive.
    expect(
      await screen.findByRole("dialog", { name: "Threat details: An older threat" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it("takes down the selected threats one notice after another", async () => {
    const user = userEvent.setup({ delay: null });
    const drafted: string[] = [];
    stubApi({
      ...API,
      "POST /api/dmca": (init) => {
        drafted.push((JSON.parse(String(init?.body)) as { threatId: string }).threatId);
        return { status: 200, body: { requestContent: "Notice body", requiresConfirmation: [] } };
      },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard" });
    await screen.findByText("Threat t1");
    await user.click(screen.getByRole("checkbox", { name: "Select all shown" }));
    // The one whose takedown was already requested is not taken down again.
    await user.click(screen.getByRole("button", { name: "Take down (2)" }));
    await screen.findByLabelText("Notice text");
    await waitFor(() => expect(drafted).toEqual(["t1"]));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(drafted).toEqual(["t1", "t2"]));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(drafted).toEqual(["t1", "t2"]);
  });
});
