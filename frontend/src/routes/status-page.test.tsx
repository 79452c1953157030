import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlatformPerformance } from "../features/landing/PlatformPerformance";
import { SiteFooter } from "../features/layout/SiteFooter";
import { renderRoute, stubApi } from "../test/render-app";
import { statusPage } from "../test/status-fixture";
import Status from "./status";

const withIncident = {
  ...statusPage({
    alerts: {
      current: { ok: false, at: "2026-11-02T12:00:00.000Z", failing: ["ses"] },
      uptime: {
        "24h": { percent: 98.95, probes: 288 },
        "7d": { percent: 99.85, probes: 2016 },
        "30d": { measuringSince: "2026-10-20T08:05:00.000Z" },
      },
    },
  }),
  incidents: [
    { component: "alerts", name: "Alerts", startedAt: "2026-11-02T11:45:00.000Z", failing: ["ses"] },
    {
      component: "takedowns",
      name: "Takedowns",
      startedAt: "2026-11-01T03:00:00.000Z",
      resolvedAt: "2026-11-01T03:15:00.000Z",
      failing: ["ses"],
    },
  ],
};

describe("the status page", () => {
  it("lists what a person relies on with measured uptime, 'measuring since' where probes do not cover a window, and incidents", async () => {
    stubApi({ "GET /api/status": { status: 200, body: withIncident } });
    renderRoute(<Status />, { path: "/status" });
    const table = await screen.findByRole("table", { name: "Status and uptime of each part of the service" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent?.split(" — ")[0])).toEqual([
      "Sign-in",
      "Enrolment",
      "Scanning",
      "Alerts",
      "Takedowns",
    ]);
    const alerts = rows[3] as HTMLElement;
    expect(alerts).toHaveTextContent("Down at 2026-11-02 12:00 UTC");
    expect(
      within(alerts)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Down at 2026-11-02 12:00 UTC", "98.95%", "99.85%", "measuring since 2026-10-20"]);
    expect(rows[0]).toHaveTextContent("measuring since 2026-11-01");
    // Internal services are not what a person relies on: none is named.
    expect(document.body.textContent).not.toMatch(/dynamodb|cognito|stepfunctions|\bses\b/);
    const list = screen.getByRole("heading", { name: "Incidents, last 30 days" }).nextElementSibling as HTMLElement;
    const incidents = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(incidents).toEqual([
      "Alerts: probes failed from 2026-11-02 11:45 UTC; still failing.",
      "Takedowns: probes failed from 2026-11-01 03:00 UTC; passing again at 2026-11-01 03:15 UTC.",
    ]);
  });

  it("shows no figure and no all-clear before the first probe has run", async () => {
    const none = statusPage();
    for (const c of none.components) {
      c.current = null;
      c.uptime = {
        "24h": { measuringSince: null, reason: "no probe has run yet" },
        "7d": { measuringSince: null, reason: "no probe has run yet" },
        "30d": { measuringSince: null, reason: "no probe has run yet" },
      };
    }
    stubApi({ "GET /api/status": { status: 200, body: none } });
    renderRoute(<Status />, { path: "/status" });
    await screen.findByRole("table");
    expect(screen.getAllByText("No probe has run yet")).toHaveLength(5);
    expect(screen.getByText("No probe has run yet.")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d+(\.\d+)?%/);
  });
});

/** The same answer, its latest probe run just now. */
const probedNow = {
  ...withIncident,
  components: withIncident.components.map((c) =>
    c.current ? { ...c, current: { ...c.current, at: new Date().toISOString() } } : c,
  ),
};

describe("a probe that stopped", () => {
  it("is told apart from one that never ran: 'no probe in the last 24 hours', never 'no probe has run yet'", async () => {
    const stopped = statusPage({ scanning: { current: null } });
    stubApi({ "GET /api/status": { status: 200, body: stopped } });
    renderRoute(<Status />, { path: "/status" });
    expect(await screen.findByText("No probe in the last 24 hours")).toBeInTheDocument();
    expect(screen.queryByText("No probe has run yet")).toBeNull();
  });
});

describe("the landing's Live Monitoring Status", () => {
  it("reads the same components and 30-day figures as the status page", async () => {
    stubApi({
      "GET /api/system/metrics": { status: 200, body: { platformsMonitored: 19 } },
      "GET /api/status": { status: 200, body: probedNow },
    });
    renderRoute(<PlatformPerformance />);
    expect(await screen.findByText("Some systems down")).toBeInTheDocument();
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toContain("AlertsDown · 30 d: measuring since 2026-10-20");
    expect(items).toContain("Sign-inOperational · 30 d: measuring since 2026-11-01");
    expect(screen.getByRole("link", { name: /Uptime over 24 hours, 7 and 30 days/ })).toHaveAttribute(
      "href",
      "/status",
    );
  });

  it("gives no all-clear when the latest probe is older than three probe intervals", async () => {
    const stale = statusPage();
    stubApi({
      "GET /api/system/metrics": { status: 200, body: { platformsMonitored: 19 } },
      "GET /api/status": { status: 200, body: stale },
    });
    renderRoute(<PlatformPerformance />);
    expect(await screen.findByText("No recent probe to report")).toBeInTheDocument();
    expect(screen.queryByText("All Systems Operational")).toBeNull();
  });
});

describe("the footer's status line", () => {
  it("gives no all-clear before any probe ran, and says what the probes say once they did (issue 36)", async () => {
    const never = statusPage(
      Object.fromEntries(
        ["sign-in", "enrolment", "scanning", "alerts", "takedowns"].map((id) => [id, { current: null }]),
      ),
    );
    stubApi({ "GET /api/status": { status: 200, body: never } });
    renderRoute(<SiteFooter />);
    expect(await screen.findByText("No recent probe to report")).toBeInTheDocument();
    expect(screen.queryByText("All Systems Operational")).toBeNull();
  });

  it("says all operational only when every component passed a recent probe", async () => {
    const fresh = statusPage(
      Object.fromEntries(
        ["sign-in", "enrolment", "scanning", "alerts", "takedowns"].map((id) => [
          id,
          { current: { ok: true, at: new Date().toISOString(), failing: [] } },
        ]),
      ),
    );
    stubApi({ "GET /api/status": { status: 200, body: fresh } });
    renderRoute(<SiteFooter />);
    expect(await screen.findByText("All Systems Operational")).toBeInTheDocument();
  });
});
