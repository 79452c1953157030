import { describe, expect, it } from "vitest";
import { DomainError } from "../../../packages/domain/src/errors.js";
import {
  assertAutoTakedownAllowed,
  assertCanAddProtectedPerson,
  assertDarkWebAllowed,
  assertPlatformsAllowed,
  assertScanFrequencyAllowed,
  platformsForTier,
  scannablePlatforms,
} from "../../../packages/domain/src/tiers.js";
import { accountWorld } from "./world.js";

const forbidden = (fn: () => void) => expect(fn).toThrow(DomainError);

describe("membership tiers", () => {
  it("gives each tier the spec's platform catalogue", () => {
    expect(platformsForTier("personal").map((p) => p.id)).toEqual([
      "facebook",
      "instagram",
      "twitter",
      "youtube",
      "reddit",
    ]);
    expect(platformsForTier("professional")).toHaveLength(13);
    expect(platformsForTier("enterprise").map((p) => p.id)).toContain("darkweb");
  });

  it("refuses platforms, frequencies, takedowns, dark web and people beyond the tier", () => {
    forbidden(() => assertPlatformsAllowed("personal", ["linkedin"]));
    forbidden(() => assertScanFrequencyAllowed("personal", "daily"));
    forbidden(() => assertScanFrequencyAllowed("professional", "hourly"));
    forbidden(() => assertAutoTakedownAllowed("personal", true));
    forbidden(() => assertDarkWebAllowed("professional", true));
    forbidden(() => assertCanAddProtectedPerson("professional", 1));
    expect(() => assertPlatformsAllowed("enterprise", ["darkweb", "facebook"])).not.toThrow();
    expect(() => assertCanAddProtectedPerson("enterprise", 40)).not.toThrow();
    expect(scannablePlatforms("personal", ["facebook", "darkweb", "linkedin"])).toEqual(["facebook"]);
  });

  it("stores the tier with scan preferences only when the whole choice fits it", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const base = { platforms: ["facebook"], scanFrequency: "weekly" as const, alertSensitivity: "high" as const };
    await expect(
      w.profiles.saveScanPreferences(userId, { ...base, autoTakedown: true, membershipTier: "personal" }),
    ).rejects.toThrow(/Professional and Enterprise/);
    expect((await w.profiles.get(userId)).autoTakedown).toBe(false);
    const saved = await w.profiles.saveScanPreferences(userId, {
      ...base,
      platforms: ["facebook", "linkedin"],
      scanFrequency: "daily",
      autoTakedown: true,
      membershipTier: "professional",
    });
    expect(saved).toMatchObject({ membershipTier: "professional", scanFrequency: "daily", autoTakedown: true });
    await expect(w.profiles.update(userId, { scanPreferences: { darkWeb: true } })).rejects.toThrow(/Enterprise/);
  });

  it("returns the spec's defaults for unset settings and applies the profile-setup payload", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    expect(await w.profiles.get(userId)).toMatchObject({
      // No platform chosen yet, so no kind of place is scanned.
      scanPreferences: { socialMedia: false, forums: false, adultSites: false, darkWeb: false },
      notificationSettings: { sensitivity: "high" },
      privacySettings: { zeroKnowledge: false, anonymousAnalytics: true, legalReportSharing: false },
      dataExpiryDays: 90,
      faceEmbeddingPath: "",
    });
    await expect(w.profiles.update(userId, { firstName: "Ada", phone: "123" })).rejects.toThrow(
      "Last name is required",
    );
    const view = await w.profiles.update(userId, {
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1815-12-10",
      phone: "+442079460000",
      address: "12 St James's Square",
      city: "London",
      country: "UK",
      demoType: "personal",
    });
    expect(view).toMatchObject({ firstName: "Ada", city: "London", aliases: ["Ada Lovelace"] });
  });
});
