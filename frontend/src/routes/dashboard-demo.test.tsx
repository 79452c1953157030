import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const demoThreat = (id: string, scannedAt: string) => ({
  id,
  threatType: "deepfake",
  confidence: 95,
  platform: "instagram",
  createdAt: hoursAgo(6),
  status: "active",
  url: `https://x.example/${id}`,
  scannedAt,
});

describe("demo dashboard", () => {
  it("shows when the demo scan behind the API's demo threats ended as its last scan", async () => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": {
        status: 200,
        body: [demoThreat("demo_personal_1", hoursAgo(2)), demoThreat("demo_personal_3", hoursAgo(2))],
      },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=personal" });
    const health = await screen.findByRole("region", { name: "Protection Health" });
    expect(await within(health).findByText("2 hours ago")).toBeInTheDocument();
    expect(within(health).queryByText("No scan yet")).toBeNull();
  });
});

describe("a threat's link from an alert message", () => {
  it("opens that threat's details on the dashboard", async () => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": {
        status: 200,
        body: [demoThreat("demo_personal_1", hoursAgo(2)), demoThreat("demo_personal_3", hoursAgo(2))],
      },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=personal&threat=demo_personal_3" });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/x\.example\/demo_personal_3/)).toBeInTheDocument();
  });
});
