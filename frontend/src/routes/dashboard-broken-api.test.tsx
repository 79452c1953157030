import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { profile } from "../test/profile-fixture";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";

/** Set up and scanned: what the dashboard reads of the profile. */
const READY_PROFILE = profile({ platforms: ["reddit"], faceEnrolled: true, faceVerified: true, voiceEnrolled: true });
const EMPTY_PAGE = { status: 200, body: { items: [], nextCursor: null } };
const unreachable = () => {
  throw new TypeError("Failed to fetch");
};
/** What a person would read as "all is well": any of these beside a failure is a lie. */
const claimsSafety = () => screen.queryByText(/secure|Your digital identity/i);

describe("the dashboard when the API is broken", () => {
  it("says what failed, why, and offers Retry; never zeros or 'secure' in its place", async () => {
    let broken = true;
    const { fetchMock } = stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      "GET /api/stats": () =>
        broken
          ? { status: 503, body: { message: "Service Unavailable" } }
          : {
              status: 200,
              body: { activeThreats: 4, sitesScanned: 2, resolvedThreats: 1 },
            },
      "GET /api/profile": { status: 500, body: { message: "Internal Server Error" } },
      "GET /api/threats": () => (broken ? { status: 502, body: { message: "Bad Gateway" } } : EMPTY_PAGE),
    });
    renderRoute(<Dashboard />, { path: "/dashboard" });

    const statsAlert = await screen.findByText("Your protection statistics could not be loaded: Service Unavailable");
    expect(await screen.findByText("Your threats could not be loaded: Bad Gateway")).toBeInTheDocument();
    expect(screen.getByText("Your protection's state could not be loaded: Internal Server Error")).toBeInTheDocument();
    expect(claimsSafety()).toBeNull();
    expect(screen.queryByText("Active Threats")).toBeNull();
    expect(screen.queryByText("Not yet")).toBeNull();
    expect(fetchMock).toHaveBeenCalled();

    broken = false;
    await userEvent
      .setup()
      .click(within(statsAlert.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Retry" }));
    const stats = await screen.findByRole("list", { name: "Protection statistics" });
    expect(within(stats).getByText("4")).toBeInTheDocument();
  });

  it("names an unreachable service as such", async () => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      "GET /api/stats": unreachable,
      "GET /api/profile": { status: 200, body: READY_PROFILE },
      "GET /api/threats": unreachable,
    });
    renderRoute(<Dashboard />, { path: "/dashboard" });
    expect(
      await screen.findByText("Your protection statistics could not be loaded: the service could not be reached"),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Your threats could not be loaded: the service could not be reached"),
    ).toBeInTheDocument();
    expect(claimsSafety()).toBeNull();
  });

  it("the demo dashboard shows no simulated counts beside a list that failed to load", async () => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": { status: 503, body: { message: "Service Unavailable" } },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=personal" });
    expect(await screen.findAllByText(/could not be loaded: Service Unavailable/)).not.toHaveLength(0);
    expect(
      within(screen.getAllByRole("alert")[0] as HTMLElement).getByRole("button", { name: "Retry" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Active Threats")).toBeNull();
    expect(claimsSafety()).toBeNull();
  });

  it("does not call an account secure when its latest scan failed", async () => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      "GET /api/stats": {
        status: 200,
        body: {
          activeThreats: 0,
          sitesScanned: 1,
          resolvedThreats: 0,
          setupChecklist: [],
          coverage: {
            face: { searched: true },
            voice: { searched: true },
            platforms: ["reddit"],
            schedule: "weekly",
            lastScanAt: "2026-11-20T10:05:00Z",
            lastScanOutcome: "failed",
            openThreats: 0,
          },
          lastScanAt: "2026-11-20T10:05:00Z",
          lastScanOutcome: "failed",
        },
      },
      "GET /api/profile": { status: 200, body: READY_PROFILE },
      "GET /api/threats": EMPTY_PAGE,
    });
    renderRoute(<Dashboard />, { path: "/dashboard" });
    expect(
      await screen.findByText(
        /^No threats found\. Your latest scan failed, so recent content was not checked/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(claimsSafety()).toBeNull();
  });

  it("with the API unreachable, a signed-in person's dashboard says so and never turns into the demo (issue 36)", async () => {
    let down = true;
    stubApi({
      "GET /api/auth/user": () => {
        if (down) throw new TypeError("Failed to fetch");
        return { status: 200, body: { userId: "u-1" } };
      },
      "GET /api/stats": { status: 200, body: { activeThreats: 3, sitesScanned: 1, resolvedThreats: 0 } },
      "GET /api/profile": { status: 200, body: READY_PROFILE },
      "GET /api/threats": EMPTY_PAGE,
    });
    renderRoute(<Dashboard />, { path: "/dashboard" });
    const alert = await screen.findByText(
      "Who is signed in could not be loaded: the service could not be reached",
      {},
      { timeout: 5000 },
    );
    expect(screen.queryByText(/Demo mode/)).toBeNull();
    expect(screen.queryByText("Active Threats")).toBeNull();
    down = false;
    await userEvent
      .setup()
      .click(within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("3")).toBeInTheDocument();
    expect(screen.queryByText(/Demo mode/)).toBeNull();
  });
});
