import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { storeDemoSession } from "../features/demo/demo-session";
import { renderRoute, stubApi } from "../test/render-app";
import { currentToasts } from "../ui/toast-store";
import Dashboard from "./dashboard";

const demoThreat = (id: string) => ({
  id,
  threatType: "deepfake",
  confidence: 95,
  platform: "instagram",
  createdAt: new Date().toISOString(),
  status: "active",
  url: `https://x.example/${id}`,
  scannedAt: new Date().toISOString(),
  demo: true,
});
const ENTERPRISE = { fullName: "Morgan Chen", membershipTier: "enterprise" as const };

describe("demo tiers", () => {
  it("shows the personal demo after an enterprise demo, not the enterprise persona", async () => {
    storeDemoSession(ENTERPRISE, "enterprise");
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": (_init, url) => ({
        status: 200,
        body: [demoThreat(`demo_${url.searchParams.get("demoType")}_1`)],
      }),
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=personal" });
    const banner = await screen.findByRole("note");
    expect(banner).toHaveTextContent("personal plan");
    expect(banner).not.toHaveTextContent("Morgan Chen");
    expect(sessionStorage.getItem("demoType")).toBe("personal");
    // Someone whose session ended lands on the demo: the banner offers sign-in back to their own dashboard.
    expect(within(banner).getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/signin?next=%2Fdashboard");
  });

  it("keeps the enterprise persona on the enterprise demo", async () => {
    storeDemoSession(ENTERPRISE, "enterprise");
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": { status: 200, body: [] },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=enterprise" });
    expect(await screen.findByRole("note")).toHaveTextContent("Morgan Chen, enterprise plan");
  });
});

describe("demo takedowns", () => {
  it("Take Down on a demo threat shows the demo notice without an account, and sends nothing", async () => {
    const { calls } = stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": { status: 200, body: [demoThreat("demo_personal_1")] },
      "POST /api/demo/dmca": {
        status: 200,
        body: {
          demo: true,
          threatId: "demo_personal_1",
          route: "platform_report",
          recipient: "Instagram (web form)",
          reason: "Likeness used without consent: the platform's own report",
          subject: "Report",
          requestContent: "Report of a deepfake\nFrom: Alex Rivera <alex.rivera@demo.likenessguard.test>",
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=personal" });
    await user.click(await screen.findByRole("button", { name: /Take Down/ }));
    const dialog = await screen.findByRole("dialog", { name: "Takedown notice (demo)" });
    expect(await within(dialog).findByLabelText("Notice text")).toHaveValue(
      "Report of a deepfake\nFrom: Alex Rivera <alex.rivera@demo.likenessguard.test>",
    );
    expect(within(dialog).getByText(/Nothing is sent from the demo/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /Send/ })).toBeNull();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/demo/dmca")?.init?.body))).toEqual({
      threatId: "demo_personal_1",
    });
    expect(calls.some((c) => c.path === "/api/dmca")).toBe(false);
    expect(currentToasts().some((t) => t.title === "Unauthorized")).toBe(false);
  });

  it("Prepare takedown notice in Quick Actions uses the first active demo threat", async () => {
    const { calls } = stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": { status: 200, body: [demoThreat("demo_personal_2")] },
      "POST /api/demo/dmca": { status: 404, body: { message: "No such demo threat" } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=personal" });
    await screen.findByRole("button", { name: /Take Down/ });
    await user.click(screen.getByRole("button", { name: "Prepare takedown notice" }));
    expect(await screen.findByText(/The demo notice could not be generated: No such demo threat/)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/demo/dmca")?.init?.body))).toEqual({
      threatId: "demo_personal_2",
    });
  });
});
