import { describe, expect, it } from "vitest";
import type { ItemRef } from "../../../packages/connectors/src/connector.js";
import { nameVariantOf } from "../../../packages/domain/src/scanning/impersonation.js";
import { posterKeys } from "../../../packages/domain/src/threats/poster-keys.js";
import { recordThreats, type ThreatCandidate } from "../../../packages/domain/src/threats/threat-recorder.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "./fakes.js";
import { PICTURE, scanWorld } from "./scan-world.js";

const OBAMA = ["Barack Obama", "BarackObama"];

describe("handles that imitate the person's name (issue 36 item 11)", () => {
  it("are caught through homoglyphs, digits for letters, 'rn' for 'm', separators and posing words", () => {
    for (const handle of [
      "realbarackobama_",
      "barack_obarna",
      "barack0bama",
      "BarackObamaOfficial",
      "the_barack_obama",
      "Ваrасk_Оbаmа",
    ]) {
      expect(nameVariantOf(handle, OBAMA)?.matchedName, handle).toBeDefined();
    }
    for (const handle of ["therapist_bob", "michelle_smith", "obama_fan_club_2008"]) {
      expect(nameVariantOf(handle, OBAMA), handle).toBeNull();
    }
  });

  /** A scan whose posts are by `handle` (on YouTube `handle` is the channel id and `shownAs` its title). */
  function postedBy(handle: string, shownAs = handle) {
    const world = scanWorld(
      { "https://ebay.test/1": PICTURE },
      {
        accounts: {
          getProfile: async () => ({ ownAccounts: ["@barackobama"], aliases: [], handles: ["barackobama"] }),
        } as never,
        enrolledPeople: async () => [{ personId: "self", displayName: "Barack Obama", face: [], voice: [] }],
        sources: {
          connector: (platformId: string) =>
            ({
              platformId,
              fetchItem: async (ref: ItemRef) => ({
                platformId,
                ref,
                url: ref.url,
                title: "listing",
                text: "",
                author: { handle, displayName: shownAs, avatarUrl: "" },
                postedAt: "2026-11-01T00:00:00.000Z",
                mediaUrls: [`${ref.url}/media`],
                media: [{ url: `${ref.url}/media`, contentType: "image/jpeg", bytes: PICTURE }],
                pageMetadata: {},
              }),
            }) as never,
          fetchMedia: async () => {
            throw new Error("not used");
          },
        },
      },
    );
    return world.service.analyse(world.post("s1", "ebay", "https://ebay.test/1"));
  }

  it("make a post showing the person's genuine likeness impersonation, naming the account", async () => {
    const [listing] = (await postedBy("barack_obarna")).candidates;
    expect(listing?.threatType).toBe("impersonation");
    expect(listing?.classification?.type).toBe("impersonation");
    expect(listing?.classification?.likeness).toMatchObject({ modality: "face", handle: "barack_obarna" });
    expect(listing?.classification?.reason).toMatch(/^Posted by @barack_obarna, an account going by a name like/);
    expect(listing?.title).toBe("Profile @barack_obarna impersonating Barack Obama");
    const [post] = (await postedBy("UCaaaaaaaaaaaaaaaaaaaaaa", "realbarackobama_")).candidates;
    expect(post?.threatType).toBe("impersonation");
  });

  it("leave a post by an account with an unrelated name, or the person's own account, a likeness re-use", async () => {
    expect((await postedBy("someone_else")).candidates[0]?.threatType).toBe("likeness_misuse");
    // The person's own account is no impersonator (discovery leaves its posts out before this).
    expect((await postedBy("barackobama")).candidates[0]?.threatType).toBe("likeness_misuse");
  });
});

describe("'Same account' (issue 36 item 11)", () => {
  const threat = (platform: string, account: string, keys: string[], i: number): ThreatCandidate => ({
    personId: "self",
    threatType: "impersonation",
    confidence: 95,
    platform,
    contentType: "image/jpeg",
    url: `https://${platform}.test/${i}`,
    title: "post",
    mediaSha256: String(i).repeat(64).slice(0, 64),
    account,
    posterKeys: keys,
    evidence: { hash: "h", manifestKey: "k", capturedAt: "2026-11-29T00:00:00.000Z" },
    detection: {},
    classification: threatClassification("impersonation", { confidence: 95, handle: account }),
  });

  it("joins one imitating handle across X and eBay, but not two impersonators' different handles", async () => {
    const repo = new InMemoryThreatRepository();
    const keys = (platform: string, handle: string) => posterKeys({ platform, handle, imitatesName: handle });
    await recordThreats(repo, "u1", [threat("x", "barack0bama", keys("x", "barack0bama"), 1)]);
    const { created } = await recordThreats(repo, "u1", [
      threat("ebay", "Barack0bama", keys("ebay", "Barack0bama"), 2),
      threat("ebay", "barack_obarna", keys("ebay", "barack_obarna"), 3),
    ]);
    expect(created[0]?.accountGroup).toBe("x:barack0bama");
    expect(created[1]?.accountGroup).toBeUndefined();
  });

  it("joins a YouTube channel's posts, listed by its channel id, with its @handle's profile", async () => {
    const repo = new InMemoryThreatRepository();
    const channel = "UCaaaaaaaaaaaaaaaaaaaaaa";
    await recordThreats(repo, "u1", [
      threat("youtube", channel, posterKeys({ platform: "youtube", handle: channel }), 1),
    ]);
    const profile = posterKeys({
      platform: "youtube",
      handle: "barack0bama",
      alsoKnownAs: [channel],
      imitatesName: "barack0bama",
    });
    const [joined] = (await recordThreats(repo, "u1", [threat("youtube", "barack0bama", profile, 2)])).created;
    expect(joined?.accountGroup).toBe(`youtube:${channel.toLowerCase()}`);
  });

  it("never joins accounts by a display name with spaces, which fans and impersonators share", () => {
    expect(posterKeys({ platform: "x", handle: "fan_account", imitatesName: "Barack Obama" })).toEqual([
      "account:x:fan_account",
    ]);
  });
});
