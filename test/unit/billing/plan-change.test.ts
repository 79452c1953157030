import { profileForTier } from "@lg/domain/billing/plan-change";
import { UserProfile } from "@lg/domain/table/entities";
import { platformsForTier } from "@lg/domain/tiers";
import { describe, expect, it } from "vitest";

const PERSONAL = platformsForTier("personal").map((p) => p.id);
const PROFESSIONAL = platformsForTier("professional").map((p) => p.id);
const profile = (over: object) =>
  UserProfile.schema.parse({
    userId: "u1",
    email: "ada@example.com",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...over,
  });

describe("a plan change", () => {
  it("gives a raise's platforms and faster schedule from the next scan, keeping what the person had unticked", () => {
    const before = profile({ membershipTier: "personal", platforms: PERSONAL.slice(1), scanFrequency: "weekly" });
    const after = profileForTier(before, "personal", "professional");
    expect(after.membershipTier).toBe("professional");
    expect(after.scanFrequency).toBe("daily");
    expect(after.platforms).not.toContain(PERSONAL[0]);
    expect([...after.platforms].sort()).toEqual(PROFESSIONAL.filter((id) => id !== PERSONAL[0]).sort());
  });

  it("keeps a saved frequency the new tier allows that is already at its fastest", () => {
    const before = profile({ membershipTier: "professional", platforms: PROFESSIONAL, scanFrequency: "daily" });
    expect(profileForTier(before, "professional", "enterprise").scanFrequency).toBe("hourly");
    const weekly = profile({ membershipTier: "personal", platforms: PERSONAL, scanFrequency: "daily" });
    expect(profileForTier(weekly, "personal", "professional").scanFrequency).toBe("daily");
  });

  it("removes nothing stored on a lowering, so raising again restores it", () => {
    const before = profile({ membershipTier: "professional", platforms: PROFESSIONAL, scanFrequency: "daily" });
    expect(profileForTier(before, "professional", "personal")).toMatchObject({
      membershipTier: "personal",
      platforms: PROFESSIONAL,
      scanFrequency: "daily",
    });
  });

  it("starts no scans for an account that has chosen no platforms", () => {
    const before = profile({ membershipTier: "personal", platforms: [] });
    expect(profileForTier(before, "personal", "professional").platforms).toEqual([]);
  });
});
