import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { FirstScanStep } from "./FirstScanStep";

const READY: Profile = {
  membershipTier: "personal",
  platforms: ["reddit", "youtube", "twitter"],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: true,
};
const run = (over: object) => ({
  scanId: "s1",
  status: "running",
  trigger: "force",
  platformsTotal: 3,
  platformsDone: 0,
  itemsScanned: 0,
  threatsFound: 0,
  startedAt: "2026-11-23T10:00:00Z",
  ...over,
});

describe("the onboarding's first scan", () => {
  it("starts the scan by itself and shows its stored counters live, poll by poll, then the outcome", async () => {
    const answers = [
      // A scan of the person from before is never taken for this one's progress.
      run({ scanId: "older", status: "succeeded", platformsDone: 3, itemsScanned: 50, threatsFound: 9 }),
      run({ platformsDone: 1, itemsScanned: 12, threatsFound: 1 }),
      run({ status: "succeeded", platformsDone: 3, itemsScanned: 31, threatsFound: 2 }),
    ];
    const { calls } = stubApi({
      "POST /api/scan/force": { status: 202, body: { scanId: "s1", status: "running" } },
      "GET /api/scan/status": () => ({ status: 200, body: answers.length > 1 ? answers.shift() : answers[0] }),
    });
    renderRoute(<FirstScanStep profile={READY} />);
    expect(
      await screen.findByText(
        "Scanning: 1 of 3 platforms done, 12 items checked, 1 new threat found so far",
        undefined,
        {
          timeout: 6000,
        },
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Your first scan found 2 threats: review them on the dashboard.", undefined, {
        timeout: 6000,
      }),
    ).toBeInTheDocument();
    const tiles = within(screen.getByLabelText("Scan progress"));
    expect(tiles.getByText("3/3")).toBeInTheDocument();
    expect(tiles.getByText("31")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(calls.filter((c) => c.path === "/api/scan/force")).toHaveLength(1);
  }, 15_000);
});
