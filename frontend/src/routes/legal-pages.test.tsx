import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RETENTION, SUB_PROCESSORS } from "../content/legal";
import { SiteFooter } from "../features/layout/SiteFooter";
import { renderRoute, stubApi } from "../test/render-app";
import Compliance from "./compliance";
import Privacy from "./privacy";

const HEALTH = { "GET /api/health": { status: 200, body: { status: "ok", services: [] } } };

describe("the legal pages", () => {
  it("are where the footer's links go", () => {
    stubApi(HEALTH);
    renderRoute(<SiteFooter />);
    const legal = within(screen.getByRole("navigation", { name: "Security and legal" }));
    expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(legal.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(legal.getByRole("link", { name: "DMCA Policy" })).toHaveAttribute("href", "/dmca-policy");
    expect(legal.getByRole("link", { name: "Security and Compliance" })).toHaveAttribute("href", "/compliance");
  });

  it("the privacy policy shows the whole retention schedule and every sub-processor", () => {
    stubApi(HEALTH);
    renderRoute(<Privacy />, { path: "/privacy" });
    const schedule = within(screen.getByRole("table", { name: "How long each kind of data is kept" }));
    for (const row of RETENTION) {
      const line = within(schedule.getByRole("rowheader", { name: row.data }).closest("tr") as HTMLElement);
      expect(line.getByText(row.kept)).toBeInTheDocument();
    }
    for (const p of SUB_PROCESSORS) expect(screen.getByText(p.name)).toBeInTheDocument();
  });

  it("the compliance page says designed for, and claims no certification", () => {
    stubApi(HEALTH);
    renderRoute(<Compliance />, { path: "/compliance" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Designed for SOC 2, GDPR and BIPA");
    expect(screen.getByText(/has not been audited or certified/)).toBeInTheDocument();
    expect(screen.queryByText(/\b(SOC 2|ISO 27001) (certified|compliant)\b/i)).toBeNull();
  });

  it("the compliance page links the control matrix generated from the infrastructure code", () => {
    stubApi(HEALTH);
    renderRoute(<Compliance />, { path: "/compliance" });
    expect(screen.getByRole("link", { name: "infrastructure control matrix" }).getAttribute("href")).toMatch(
      /iac-audit\.md$/,
    );
    expect(screen.getByRole("link", { name: "JSON" }).getAttribute("href")).toMatch(/iac-audit\.json$/);
  });
});
