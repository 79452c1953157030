import { AUTO_TAKEDOWN_MIN_CONFIDENCE, shouldAutoTakedown } from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threat } from "./fixtures.js";

describe("shouldAutoTakedown", () => {
  const on = { autoTakedown: true, membershipTier: "professional" as const };

  it("sends without a click for professional and enterprise at 90%+ when enabled", () => {
    expect(AUTO_TAKEDOWN_MIN_CONFIDENCE).toBe(90);
    expect(shouldAutoTakedown(threat({ confidence: 90 }), on)).toBe(true);
    expect(shouldAutoTakedown(threat({ confidence: 99 }), { ...on, membershipTier: "enterprise" })).toBe(true);
  });

  it("does not below the threshold, when disabled, on the personal tier, or for a threat no longer active", () => {
    expect(shouldAutoTakedown(threat({ confidence: 89.9 }), on)).toBe(false);
    expect(shouldAutoTakedown(threat(), { ...on, autoTakedown: false })).toBe(false);
    expect(shouldAutoTakedown(threat(), { ...on, membershipTier: "personal" })).toBe(false);
    expect(shouldAutoTakedown(threat({ status: "takedown_requested" }), on)).toBe(false);
  });
});
