import { screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import PeoplePage from "../features/people/PeoplePage";
import TakedownCentrePage from "../features/takedowns/TakedownCentrePage";
import TeamPage from "../features/team/TeamPage";
import { profile } from "../test/profile-fixture";
import { renderRoute, stubApi } from "../test/render-app";
import Settings from "./settings";
import Status from "./status";

const DOWN = { status: 503, body: { message: "Service Unavailable" } };

/** Each page that loads data, and the read that breaking makes it say so. */
const PROFILE = {
  status: 200,
  body: profile(),
};

const VIEWS: {
  name: string;
  Screen: ComponentType;
  path: string;
  broken: string[];
  says: string;
  answered?: Record<string, { status: number; body: unknown }>;
}[] = [
  { name: "settings", Screen: Settings, path: "/settings", broken: ["GET /api/profile"], says: "Your settings" },
  { name: "status", Screen: Status, path: "/status", broken: ["GET /api/status"], says: "The status" },
  {
    name: "takedown centre",
    Screen: TakedownCentrePage,
    path: "/takedowns",
    broken: ["GET /api/takedowns"],
    says: "Your notices",
  },
  { name: "people", Screen: PeoplePage, path: "/people", broken: ["GET /api/people"], says: "The people you protect" },
  { name: "team", Screen: TeamPage, path: "/team", broken: ["GET /api/team"], says: "Your team" },
  {
    name: "billing",
    Screen: Settings,
    path: "/settings",
    broken: ["GET /api/billing"],
    says: "Your plan",
    answered: { "GET /api/profile": PROFILE },
  },
];

describe("a page whose data did not load", () => {
  it.each(VIEWS)("$name says what failed and why, with a Retry", async ({ Screen, path, broken, says, answered }) => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      ...answered,
      ...Object.fromEntries(broken.map((call) => [call, DOWN])),
    });
    renderRoute(<Screen />, { path });
    const failure = await screen.findByText(`${says} could not be loaded: Service Unavailable`);
    const alert = failure.closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});

describe("what a failure says", () => {
  it("names an unreachable service and an empty answer in words, never 'Failed to fetch' or 'undefined'", async () => {
    const { failureReason } = await import("../ui/LoadFailed");
    expect(failureReason(new TypeError("Failed to fetch"))).toBe("the service could not be reached");
    expect(failureReason(undefined)).toBe("no answer came back");
    expect(failureReason(new Error('503: {"message":"Service Unavailable"}'))).toBe("Service Unavailable");
  });
});
