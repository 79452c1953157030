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
      "POST /api/scan/force": { status: 202, body: { scanId: "s1", status: "running", alreadyRunning: false } },
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
      await screen.findByText(
        "Your first scan searched for your face and voice and found 2 threats: review them on the dashboard.",
        undefined,
        {
          timeout: 6000,
        },
      ),
    ).toBeInTheDocument();
    const tiles = within(screen.getByLabelText("Scan progress"));
    expect(tiles.getByText("3/3")).toBeInTheDocument();
    expect(tiles.getByText("31")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(calls.filter((c) => c.path === "/api/scan/force")).toHaveLength(1);
  }, 15_000);

  it("never says it found nothing for an uploaded face it did not search: it names what it searched and why the face was left out", async () => {
    const uploadedPhotoAndVoice: Profile = {
      ...READY,
      faceVerified: false,
      likenessEnrolment: {
        face: { enrolled: false, verified: false, methods: [], noticesBlocked: false },
        voice: { enrolled: true, verified: true, methods: ["server-checked-capture"], noticesBlocked: false },
      },
    };
    stubApi({
      "POST /api/scan/force": { status: 202, body: { scanId: "s1", status: "running", alreadyRunning: false } },
      "GET /api/scan/status": { status: 200, body: run({ status: "succeeded", platformsDone: 3, itemsScanned: 9 }) },
    });
    renderRoute(<FirstScanStep profile={uploadedPhotoAndVoice} />);
    const outcome = await screen.findByText(/^Your first scan searched for your voice and found nothing/, undefined, {
      timeout: 6000,
    });
    expect(outcome.textContent).toContain(
      "Your face was not searched: your uploaded photo is not searched until you verify it with the three live poses",
    );
  }, 10_000);

  it("does not start a scan for an uploaded photo alone, and says the photo is not searched until verified", async () => {
    const uploadedPhotoOnly: Profile = {
      ...READY,
      faceVerified: false,
      voiceEnrolled: false,
      likenessEnrolment: {
        face: { enrolled: false, verified: false, methods: [], noticesBlocked: false },
        voice: { enrolled: false, verified: false, methods: [], noticesBlocked: false },
      },
    };
    const { calls } = stubApi({});
    renderRoute(<FirstScanStep profile={uploadedPhotoOnly} />);
    expect(
      await screen.findByText(
        "Nothing can be searched yet. To run your first scan: verify your face with the live poses (an uploaded photo is not searched until then), or record your voice.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/scan/force")).toHaveLength(0);
  });
});
