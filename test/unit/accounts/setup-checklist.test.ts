import { type SetupFacts, setupChecklist } from "@lg/domain/accounts/setup-checklist";
import { describe, expect, it } from "vitest";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const empty: SetupFacts = {
  consentGiven: false,
  aliases: [],
  platforms: [],
  faceEnrolled: false,
  faceVerified: false,
  voiceEnrolled: false,
  scanIntervalHours: 168,
};
const done = (facts: SetupFacts) =>
  setupChecklist(facts, NOW)
    .filter((i) => i.done)
    .map((i) => i.id);

describe("setup checklist", () => {
  it("lists every item not done for a new account", () => {
    const items = setupChecklist(empty, NOW);
    expect(items.map((i) => i.id)).toEqual(["consent", "name", "platforms", "face", "voice", "scan"]);
    expect(items.filter((i) => i.done)).toEqual([]);
  });

  it("counts a name done with first and last name, or with another name alone", () => {
    expect(done({ ...empty, firstName: "Ada" })).not.toContain("name");
    expect(done({ ...empty, firstName: "Ada", lastName: "Lovelace" })).toContain("name");
    expect(done({ ...empty, aliases: ["Countess of Lovelace"] })).toContain("name");
  });

  it("asks to finish the live check for a face that is stored but not verified", () => {
    const face = setupChecklist({ ...empty, faceEnrolled: true }, NOW).find((i) => i.id === "face");
    expect(face).toMatchObject({
      done: false,
      todo: expect.stringMatching(/not verified: finish the short live check/),
    });
  });

  it("counts a scan only while it is within twice the plan's interval", () => {
    const at = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString();
    expect(done({ ...empty, lastScanAt: at(300) })).toContain("scan");
    const stale = setupChecklist({ ...empty, lastScanAt: at(340) }, NOW).find((i) => i.id === "scan");
    expect(stale).toMatchObject({ done: false, label: "Recent scan" });
  });
});
