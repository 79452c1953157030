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

  it("holds scan preferences to the billed tier and refuses a tier the client names", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const base = { platforms: ["facebook"], scanFrequency: "weekly" as const, alertSensitivity: "high" as const };
    await expect(w.profiles.saveScanPreferences(userId, { ...base, autoTakedown: true })).rejects.toThrow(
      /Professional and Enterprise/,
    );
    // Asking for a plan is not paying for it: refused, and nothing of the request is stored.
    const asked = { ...base, platforms: ["darkweb"], scanFrequency: "hourly" as const, autoTakedown: true };
    await expect(w.profiles.saveScanPreferences(userId, { ...asked, membershipTier: "enterprise" })).rejects.toThrow(
      /Your plan is Personal\. Plans change only through billing/,
    );
    await expect(w.profiles.update(userId, { membershipTier: "enterprise" })).rejects.toThrow(/only through billing/);
    expect(await w.profiles.get(userId)).toMatchObject({ membershipTier: "personal", autoTakedown: false });
    // The current tier, sent back by an older client, is no change and is accepted.
    await w.profiles.saveScanPreferences(userId, { ...base, autoTakedown: false, membershipTier: "personal" });

    await w.billedTier(userId, "professional");
    const saved = await w.profiles.saveScanPreferences(userId, {
      ...base,
      platforms: ["facebook", "linkedin"],
      scanFrequency: "daily",
      autoTakedown: true,
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
