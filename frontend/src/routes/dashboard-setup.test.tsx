import { coverageOf } from "@lg/domain/accounts/coverage";
import { setupChecklist } from "@lg/domain/accounts/setup-checklist";
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
  platforms: ["reddit", "twitter"],
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: true,
};

/** What GET /api/stats answers for these facts: the server's own checklist and coverage. */
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
  const coverage = coverageOf({
    face: { stored: p.faceEnrolled, searched: p.faceVerified },
    voice: { stored: p.voiceEnrolled, searched: p.voiceEnrolled },
    platforms: p.platforms,
    schedule: "weekly",
    ...(facts.lastScanAt ? { lastScanAt: facts.lastScanAt, lastScanOutcome: "succeeded" as const } : {}),
    openThreats: 0,
  });
  return {
    setupChecklist: checklist,
    coverage,
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
    "GET /api/threats": { status: 200, body: { items: [], nextCursor: null } },
  });
  renderRoute(<Dashboard />, { path: "/dashboard" });
}

/** The coverage statement, once the server's statistics arrived. */
const coverage = async () => {
  const line = await screen.findByText(/^Your face is/);
  return line.closest("section") as HTMLElement;
};

describe("dashboard of a new account", () => {
  it("shows the setup checklist, says nothing is searched and why, with no score and never secure", async () => {
    signedIn(EMPTY_PROFILE, {});
    // The first render of the dashboard loads its chunks: allow for a busy machine.
    const checklist = await screen.findByRole("list", { name: "Setup checklist" }, { timeout: 5000 });
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
    const section = await coverage();
    expect(within(section).getByText("Your face is not searched: no face is enrolled.")).toBeInTheDocument();
    expect(within(section).getByText("Your voice is not searched: no voice is enrolled.")).toBeInTheDocument();
    expect(
      await screen.findByText("No threats found. No scan has run yet, so nothing has been checked."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Protection Score/i)).toBeNull();
    expect(screen.getByRole("list", { name: "Protection statistics" })).not.toHaveTextContent("%");
    expect(screen.queryByText(/secure/i)).toBeNull();
  });

  it("says an uploaded, unverified face is not searched though the voice is, and never secure (issue 36)", async () => {
    signedIn({ ...READY_PROFILE, faceVerified: false }, { lastScanAt: new Date().toISOString(), sitesScanned: 2 });
    const section = await coverage();
    expect(
      within(section).getByText(
        /^Your face is not searched: your face photos are stored but not searched until you verify/,
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        "Your voice is searched in videos and audio on Reddit and Twitter / X, every week and whenever you run a scan.",
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText("No open threats.")).toBeInTheDocument();
    expect(
      await screen.findByText(/^No threats found: the latest scan looked for your voice on Reddit/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/secure/i)).toBeNull();
  });

  it("states where and how often a fully set-up account is searched, and drops the checklist", async () => {
    signedIn(READY_PROFILE, { lastScanAt: new Date().toISOString(), sitesScanned: 2 });
    const section = await coverage();
    expect(
      within(section).getByText(
        "Your face is searched in pictures and videos on Reddit and Twitter / X, every week and whenever you run a scan.",
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText(/^Last scan ended/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        "No threats found: the latest scan looked for your face and voice on Reddit and Twitter / X.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Setup checklist" })).toBeNull();
  });

  it("does not call a scan over no platforms protection", async () => {
    signedIn({ ...READY_PROFILE, platforms: [] }, { lastScanAt: new Date().toISOString() });
    expect(await screen.findByText(/nothing of yours is searched yet/)).toBeInTheDocument();
    expect(screen.queryByText(/secure/i)).toBeNull();
    const checklist = await screen.findByRole("list", { name: "Setup checklist" });
    expect(within(checklist).getByRole("link", { name: "Do it now" })).toHaveAttribute(
      "href",
      "/onboarding?step=platforms",
    );
  });
});
