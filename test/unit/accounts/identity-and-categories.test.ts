import { ProfileUpdateInput } from "@lg/domain/accounts/profile-shapes";
import { Profile } from "@lg/domain/accounts/web-contract";
import { describe, expect, it } from "vitest";
import { accountWorld } from "./world.js";

const choose = (platforms: string[], membershipTier: "personal" | "professional" = "professional") => ({
  platforms,
  scanFrequency: "weekly" as const,
  alertSensitivity: "high" as const,
  autoTakedown: false,
  membershipTier,
});

describe("who scans look for", () => {
  it("stores the name, other names, handles and official accounts, trimmed and without repeats", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    // Parsed as PUT /api/profile parses it.
    const view = await w.profiles.update(
      userId,
      ProfileUpdateInput.parse({
        identity: {
          firstName: " Ada ",
          lastName: "Lovelace",
          aliases: ["Countess of Lovelace", "Countess of Lovelace", " "],
          handles: ["@ada"],
          ownAccounts: ["https://x.com/ada_official"],
        },
      }),
    );
    expect(view).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      aliases: ["Countess of Lovelace"],
      handles: ["@ada"],
      ownAccounts: ["https://x.com/ada_official"],
    });
  });

  it("stores the country with the identity, so the onboarding alone sets what a notice's law depends on", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const identity = { firstName: "Ada", lastName: "Lovelace", country: " Germany " };
    expect(await w.profiles.update(userId, ProfileUpdateInput.parse({ identity }))).toMatchObject({
      country: "Germany",
    });
    // Left out, the saved country stays.
    const again = ProfileUpdateInput.parse({ identity: { firstName: "Ada", lastName: "Lovelace" } });
    expect(await w.profiles.update(userId, again)).toMatchObject({ country: "Germany" });
    // GET /api/profile through the web contract, as the web app reads it, still carries it.
    expect(Profile.parse(await w.profiles.get(userId)).country).toBe("Germany");
  });

  it("stores the postal address a notice gives with the identity, and keeps it when a later save leaves it out", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const identity = { firstName: "Ada", lastName: "Lovelace", address: " 12 St James's Square ", city: "London" };
    expect(await w.profiles.update(userId, ProfileUpdateInput.parse({ identity }))).toMatchObject({
      address: "12 St James's Square",
      city: "London",
    });
    const again = ProfileUpdateInput.parse({ identity: { firstName: "Ada", lastName: "Lovelace" } });
    expect(await w.profiles.update(userId, again)).toMatchObject({ address: "12 St James's Square", city: "London" });
  });

  it("refuses an identity with neither a full name nor another name", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const parsed = ProfileUpdateInput.safeParse({ identity: { firstName: "Ada", lastName: "", aliases: [] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Enter your first and last name, or a name you are known by");
    expect((await w.profiles.get(userId)).firstName).toBeUndefined();
  });
});

describe("switching kinds of place on and off", () => {
  it("unticking Social Media removes the social platforms from what is scanned, ticking it adds the tier's back", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.billedTier(userId, "professional");
    await w.profiles.saveScanPreferences(userId, choose(["facebook", "instagram", "reddit", "ebay"]));
    const off = await w.profiles.update(userId, { scanPreferences: { socialMedia: false } });
    expect(off.platforms).toEqual(["reddit", "ebay"]);
    expect(off.scanPreferences).toMatchObject({ socialMedia: false, forums: true });

    const on = await w.profiles.update(userId, { scanPreferences: { socialMedia: true } });
    expect(on.platforms).toEqual(
      expect.arrayContaining(["reddit", "ebay", "facebook", "instagram", "twitter", "youtube", "linkedin", "tiktok"]),
    );
    expect(on.scanPreferences.socialMedia).toBe(true);
  });

  it("adds only what the tier includes: adult sites are not on the Personal plan", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.profiles.saveScanPreferences(userId, choose(["reddit"], "personal"));
    const view = await w.profiles.update(userId, { scanPreferences: { adultSites: true } });
    expect(view.platforms).toEqual(["reddit"]);
    expect(view.scanPreferences.adultSites).toBe(false);
  });
});
