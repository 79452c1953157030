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
  it("shows exactly the server's checklist and score, and none before the server sent one", () => {
    expect(setupFromStats({ activeThreats: 0, sitesScanned: 0, resolvedThreats: 0 })).toBeUndefined();
    const setup = setupFromStats({
      activeThreats: 0,
      sitesScanned: 0,
      resolvedThreats: 0,
      protectionScore: 25,
      protectionScoreLines: ["+ 10: Biometric consent given"],
      setupChecklist: [{ id: "consent", label: "Biometric consent given", done: true, points: 10, todo: "" }],
      protectionRan: false,
    });
    expect(setup).toMatchObject({
      score: { score: 25, lines: ["+ 10: Biometric consent given"] },
      protectionRan: false,
    });
    expect(setup && emptyListMessage(setup)).toMatch(/^No scan has run yet/);
  });

  it("links every item to the onboarding step that asks for it, the scan to none", () => {
    expect(SETUP_LINKS).toMatchObject({ face: "/onboarding?step=face", scan: null });
  });

  it("reopens the setup where something is still to do, and a finished one at the name, never at consent", () => {
    const item = (id: "consent" | "name" | "face" | "scan", done: boolean) => ({
      id,
      label: id,
      done,
      points: 10,
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

  it("scores the demo persona by the same rule: fully set up, less its active threats", () => {
    const setup = demoSetup([{ status: "active", confidence: 100 }], new Date().toISOString());
    expect(setupComplete(setup.checklist)).toBe(true);
    expect(setup.score.score).toBe(85);
    expect(emptyListMessage(setup)).toBe("No threats detected. Your digital identity is secure.");
  });

  it("says secure only when protection ran and the latest scan succeeded; never while the state is unknown", () => {
    const ran = { ...demoSetup([], new Date().toISOString()), lastScanAt: new Date().toISOString() };
    expect(emptyListMessage(ran)).toMatch(/secure/);
    expect(emptyListMessage({ ...ran, lastScanOutcome: "failed" })).toMatch(
      /^No threats found so far, but your latest scan failed/,
    );
    expect(emptyListMessage({ ...ran, protectionRan: false })).not.toMatch(/secure/);
    expect(emptyListMessage(undefined)).toBe(
      "No threats found. Whether your protection is running could not be checked.",
    );
  });
});
