import { describe, expect, it } from "vitest";
import {
  demoSetup,
  emptyListMessage,
  reconfigureLink,
  SETUP_LINKS,
  setupComplete,
  setupFromStats,
} from "./setup-checklist";

describe("the dashboard's setup state", () => {
  it("shows exactly the server's checklist and coverage, and none before the server sent one", () => {
    expect(setupFromStats({ activeThreats: 0, sitesScanned: 0, resolvedThreats: 0 })).toBeUndefined();
    const coverage = {
      face: { searched: false, notSearchedReason: "no face is enrolled" },
      voice: { searched: false, notSearchedReason: "no voice is enrolled" },
      platforms: [],
      schedule: null,
      openThreats: 0,
      registeredImages: 0,
    };
    const setup = setupFromStats({
      activeThreats: 0,
      sitesScanned: 0,
      resolvedThreats: 0,
      setupChecklist: [{ id: "consent", label: "Biometric consent given", done: true, todo: "" }],
      coverage,
    });
    expect(setup).toEqual({ checklist: [expect.objectContaining({ id: "consent" })], coverage });
    expect(setup && emptyListMessage(setup)).toBe(
      "No threats found. No scan has run yet, so nothing has been checked.",
    );
  });

  it("links every item to the onboarding step that asks for it, the scan to none", () => {
    expect(SETUP_LINKS).toMatchObject({ face: "/onboarding?step=face", scan: null });
  });

  it("reopens the setup where something is still to do, and a finished one at the name, never at consent", () => {
    const item = (id: "consent" | "name" | "face" | "scan", done: boolean) => ({
      id,
      label: id,
      done,
      todo: "",
    });
    expect(reconfigureLink([item("consent", true), item("name", true), item("face", false)])).toBe(
      "/onboarding?step=face",
    );
    expect(reconfigureLink([item("consent", true), item("name", true), item("scan", false)])).toBe(
      "/onboarding?step=identity",
    );
    expect(reconfigureLink(undefined)).toBe("/onboarding?step=identity");
  });

  it("states the demo persona's coverage by the same rule: fully set up, with the demo's open threats", () => {
    const setup = demoSetup("personal", [{ status: "active" }, { status: "removed" }], new Date().toISOString());
    expect(setupComplete(setup.checklist)).toBe(true);
    expect(setup.coverage).toMatchObject({
      face: { searched: true },
      voice: { searched: true },
      schedule: "weekly",
      openThreats: 1,
    });
    expect(setup.coverage.platforms).toEqual(["facebook", "instagram", "twitter", "youtube", "reddit"]);
  });

  it("never says secure: an empty list names what was looked for and where; unknown state says so", () => {
    const ran = demoSetup("personal", [], new Date().toISOString());
    expect(emptyListMessage(ran)).toBe(
      "No threats found: the latest scan looked for your face and voice on Facebook, Instagram, Twitter / X, YouTube and Reddit.",
    );
    const failed = { ...ran, coverage: { ...ran.coverage, lastScanOutcome: "failed" as const } };
    expect(emptyListMessage(failed)).toMatch(/^No threats found\. Your latest scan failed/);
    expect(emptyListMessage(undefined)).toBe(
      "No threats found. Whether your protection is running could not be checked.",
    );
  });
});
