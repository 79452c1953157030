import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { BillingSection } from "./BillingSection";

const TRIAL = {
  tier: "professional",
  tierName: "Professional",
  status: "trialing",
  currentPeriodEnd: "2026-12-08T00:00:00.000Z",
  cancelAtPeriodEnd: false,
  canManage: true,
  trial: { days: 14, available: false },
  plans: [],
};

afterEach(() => vi.unstubAllGlobals());

describe("plan and billing in Settings", () => {
  it("shows the plan, status and period end from billing, with Manage billing", async () => {
    stubApi({ "GET /api/billing": { status: 200, body: TRIAL } });
    renderRoute(<BillingSection />);
    const section = await screen.findByRole("region", { name: "Plan and billing" });
    await within(section).findByText("Professional");
    expect(within(section).getByText("Free trial")).toBeInTheDocument();
    expect(within(section).getByText("Trial ends")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Manage billing" })).toBeInTheDocument();
  });

  it("says when a cancelled plan ends and what the limits become, without claiming anything is deleted", async () => {
    stubApi({
      "GET /api/billing": {
        status: 200,
        body: { ...TRIAL, cancelAtPeriodEnd: true, pending: { tier: "personal", from: TRIAL.currentPeriodEnd } },
      },
    });
    renderRoute(<BillingSection />);
    await screen.findByText("Ends on");
    expect(
      screen.getByText(/your limits become those of the Personal plan\. Nothing you stored is deleted/),
    ).toBeInTheDocument();
  });

  it("back from checkout, waits for the provider's confirmation and shows the plan once it lands", async () => {
    let answers = 0;
    stubApi({
      "GET /api/billing": () => {
        answers += 1;
        return {
          status: 200,
          body:
            answers < 2
              ? { ...TRIAL, tier: "personal", tierName: "Personal", status: "none", canManage: false }
              : TRIAL,
        };
      },
    });
    renderRoute(<BillingSection />, { path: "/settings", route: "/settings?billing=done" });
    expect(await screen.findByRole("status")).toHaveTextContent("Waiting for the payment provider to confirm");
    await waitFor(() => expect(screen.getByText("Professional")).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("offers the pricing page when there is no subscription to manage", async () => {
    stubApi({
      "GET /api/billing": {
        status: 200,
        body: { ...TRIAL, tier: "personal", tierName: "Personal", status: "none", canManage: false },
      },
    });
    renderRoute(<BillingSection />);
    expect(await screen.findByRole("link", { name: "Choose a plan" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByText("No subscription")).toBeInTheDocument();
  });
});
