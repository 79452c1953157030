import { protectionScore, setupChecklist } from "@lg/domain/accounts/setup-checklist";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";

const EMPTY_PROFILE = {
  userId: "u-1",
  membershipTier: "personal",
  platforms: [] as string[],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: false,
  faceVerified: false,
  voiceEnrolled: false,
};
const READY_PROFILE = {
  ...EMPTY_PROFILE,
  firstName: "Ada",
  lastName: "Lovelace",
  platforms: ["reddit", "x"],
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: true,
};

/** What GET /api/stats answers for these facts: the server's own checklist and score. */
function serverStats(facts: {
  consent: boolean;
  profile: typeof EMPTY_PROFILE & { firstName?: string; lastName?: string };
  lastScanAt?: string;
}) {
  const p = facts.profile;
  const checklist = setupChecklist(
    {
      consentGiven: facts.consent,
      ...(p.firstName ? { firstName: p.firstName } : {}),
      ...(p.lastName ? { lastName: p.lastName } : {}),
      aliases: [],
      platforms: p.platforms,
      faceEnrolled: p.faceEnrolled,
      faceVerified: p.faceVerified,
      voiceEnrolled: p.voiceEnrolled,
      ...(facts.lastScanAt ? { lastScanAt: facts.lastScanAt } : {}),
      scanIntervalHours: 168,
    },
    Date.now(),
  );
  const score = protectionScore(checklist, []);
  return {
    setupChecklist: checklist,
    protectionScore: score.score,
    protectionScoreLines: score.lines,
    protectionRan: Boolean(facts.lastScanAt && p.platforms.length > 0 && (p.faceVerified || p.voiceEnrolled)),
    ...(facts.lastScanAt ? { lastScanAt: facts.lastScanAt, lastScanOutcome: "succeeded" } : {}),
  };
}

function signedIn(profile: typeof EMPTY_PROFILE, stats: { lastScanAt?: string; sitesScanned?: number }) {
  const computed = serverStats({ consent: "firstName" in profile, profile, ...stats });
  stubApi({
    "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    "GET /api/profile": { status: 200, body: profile },
    "GET /api/stats": {
      status: 200,
      body: { activeThreats: 0, sitesScanned: 0, resolvedThreats: 0, ...stats, ...computed },
    },
    "GET /api/threats": { status: 200, body: [] },
  });
  renderRoute(<Dashboard />, { path: "/dashboard" });
}

const scoreCard = async () => {
  const stats = await screen.findByRole("list", { name: "Protection statistics" });
  return within(stats).getByText("Protection Score").closest("li") as HTMLElement;
};

describe("dashboard of a new account", () => {
  it("shows the setup checklist, scores 0% with its working, and never says the account is secure", async () => {
    signedIn(EMPTY_PROFILE, {});
    const checklist = await screen.findByRole("list", { name: "Setup checklist" });
    for (const item of [
      "Biometric consent given",
      "Name and aliases",
      "Platforms to watch",
      "Verified face",
      "Voice",
      "First scan",
    ]) {
      expect(within(checklist).getByText(item)).toBeInTheDocument();
    }
    const card = await scoreCard();
    expect(await within(card).findByText("0%")).toBeInTheDocument();
    expect(card.getAttribute("title")).toContain("0 of 25: Verified face (not done)");
    expect(within(card).getByText("How is this computed?")).toBeInTheDocument();
    expect(card.querySelector(".score-breakdown")).toHaveTextContent("0 of 15: Voice (not done)");
    expect(await screen.findByText(/No scan has run yet, so nothing has been checked/)).toBeInTheDocument();
    expect(screen.queryByText(/secure/i)).toBeNull();
  });

  it("says secure and drops the checklist only once a scan ran over platforms with a verified likeness", async () => {
    signedIn(READY_PROFILE, { lastScanAt: new Date().toISOString(), sitesScanned: 2 });
    expect(await screen.findByText("No threats detected. Your digital identity is secure.")).toBeInTheDocument();
    const card = await scoreCard();
    expect(within(card).getByText("100%")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Setup checklist" })).toBeNull();
  });

  it("does not call a scan over no platforms protection", async () => {
    signedIn({ ...READY_PROFILE, platforms: [] }, { lastScanAt: new Date().toISOString() });
    expect(await screen.findByText(/scans can only look for what you have set up/)).toBeInTheDocument();
    expect(screen.queryByText(/secure/i)).toBeNull();
    const checklist = await screen.findByRole("list", { name: "Setup checklist" });
    expect(within(checklist).getByRole("link", { name: "Do it now" })).toHaveAttribute(
      "href",
      "/onboarding?step=platforms",
    );
  });
});
