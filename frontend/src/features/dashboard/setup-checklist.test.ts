import { describe, expect, it } from "vitest";
import { protectionRan, protectionScore, type SetupFacts, setupChecklist, setupComplete } from "./setup-checklist";

const EMPTY: SetupFacts = {
  consent: { required: true },
  profile: { platforms: [], faceEnrolled: false, faceVerified: false, voiceEnrolled: false },
};
const COMPLETE: SetupFacts = {
  consent: { required: false },
  profile: {
    platforms: ["reddit", "x"],
    faceEnrolled: true,
    faceVerified: true,
    voiceEnrolled: true,
    firstName: "Ada",
    lastName: "Lovelace",
  },
  lastScanAt: "2026-11-23T10:00:00Z",
};

describe("setup checklist and protection score", () => {
  it("scores an empty account 0, not a reassuring constant, and lists every item as to do", () => {
    const items = setupChecklist(EMPTY);
    expect(items.map((i) => i.id)).toEqual(["consent", "name", "platforms", "face", "voice", "scan"]);
    expect(items.every((i) => !i.done)).toBe(true);
    expect(protectionScore(items, []).score).toBe(0);
    expect(setupComplete(items)).toBe(false);
    expect(protectionRan(EMPTY)).toBe(false);
  });

  it("adds each item's points as it is done, to 100 when everything is", () => {
    const items = setupChecklist(COMPLETE);
    expect(setupComplete(items)).toBe(true);
    expect(protectionScore(items, []).score).toBe(100);
    const noVoice = setupChecklist({ ...COMPLETE, profile: { ...COMPLETE.profile!, voiceEnrolled: false } });
    expect(protectionScore(noVoice, []).score).toBe(85);
    expect(protectionScore(noVoice, []).lines).toContain("0 of 15: Voice (not done)");
  });

  it("counts a stored but unverified face as not done and says to finish the live check", () => {
    const items = setupChecklist({ ...COMPLETE, profile: { ...COMPLETE.profile!, faceVerified: false } });
    const face = items.find((i) => i.id === "face");
    expect(face?.done).toBe(false);
    expect(face?.todo).toMatch(/not verified/);
  });

  it("asks for a new capture when the face was enrolled with a model scans no longer use", () => {
    const items = setupChecklist({
      ...COMPLETE,
      profile: { ...COMPLETE.profile!, faceVerified: false, faceRecaptureNeeded: true },
    });
    const face = items.find((i) => i.id === "face");
    expect(face?.done).toBe(false);
    expect(face?.todo).toMatch(/earlier face model.*capture it again/);
  });

  it("takes off what each active threat costs and explains it", () => {
    const items = setupChecklist(COMPLETE);
    const breakdown = protectionScore(items, [
      { status: "active", confidence: 90 },
      { status: "dismissed", confidence: 99 },
    ]);
    expect(breakdown.score).toBe(86);
    expect(breakdown.lines.at(-1)).toBe("-14: 1 threat still active");
  });

  it("calls protection run only after a scan over platforms with an enrolled likeness", () => {
    expect(protectionRan(COMPLETE)).toBe(true);
    expect(protectionRan({ ...COMPLETE, profile: { ...COMPLETE.profile!, platforms: [] } })).toBe(false);
    expect(
      protectionRan({ ...COMPLETE, profile: { ...COMPLETE.profile!, faceVerified: false, voiceEnrolled: false } }),
    ).toBe(false);
    const { lastScanAt: _none, ...neverScanned } = COMPLETE;
    expect(protectionRan(neverScanned)).toBe(false);
  });
});
