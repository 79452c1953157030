import { decideRoute, defaultRecipientDirectory, type RecipientEntry } from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threat } from "./fixtures.js";
import {
  clonedVoice,
  genuineRecording,
  genuineReupload,
  impersonator,
  intimateReal,
  intimateSynthetic,
  syntheticFace,
} from "./fixtures-evidence.js";

const directory = defaultRecipientDirectory();
const entry = (id: string): RecipientEntry => {
  const found = directory.find(id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
};
const US = { country: "US" };
const EU = { country: "FR" };
const CLAIM = { claimCopyright: true };

describe("legal basis: DMCA 512(c)(3) only on a copyright claim the person makes", () => {
  it("never makes a copyright claim for a genuine re-upload the person has not claimed", () => {
    for (const platform of ["youtube", "reddit", "twitter", "tiktok", "facebook"]) {
      const decision = decideRoute(genuineReupload({ platform }), US, entry(platform));
      expect(decision.route).not.toBe("dmca");
      expect(decision.route).toBe("platform_report");
      expect(decision.copyrightAvailable).toBe(true);
    }
  });

  it("sends DMCA when the person claims the original, needing ownership, good faith and accuracy", () => {
    const decision = decideRoute(genuineReupload({ platform: "reddit" }), US, entry("reddit"), {}, CLAIM);
    expect(decision.route).toBe("dmca");
    expect(decision.recipient).toMatchObject({ channel: { kind: "email", address: "copyright@reddit.com" } });
    expect(decision.requiredConfirmations).toEqual(["ownsWork", "goodFaith", "accurate"]);
    expect(decision.reason).toContain("penalty of perjury");
  });

  it("does not claim copyright when the person says they do not own the original", () => {
    const decision = decideRoute(genuineReupload(), US, entry("youtube"), { ownsWork: false }, CLAIM);
    expect(decision.route).toBe("platform_report");
    expect(decision.copyrightAvailable).toBe(false);
  });

  it("has no route where the only channel is copyright and no claim is made, and says why", () => {
    const decision = decideRoute(genuineReupload({ platform: "amazon" }), US, entry("amazon"));
    expect(decision.route).toBe("none");
    expect(decision.reason).toContain("made or own the original");
    expect(decideRoute(genuineReupload({ platform: "amazon" }), US, entry("amazon"), {}, CLAIM).route).toBe("dmca");
  });
});

describe("legal basis: TAKE IT DOWN for intimate depictions, real or synthetic", () => {
  it("routes an intimate synthetic image to TAKE IT DOWN with the 48-hour duty, calling it a forgery", () => {
    const decision = decideRoute(intimateSynthetic({ platform: "twitter" }), US, entry("twitter"));
    expect(decision.route).toBe("take_it_down");
    expect(decision.reason).toContain("48 hours");
    expect(decision.reason).toContain("digital forgery");
    expect(decision.requiredConfirmations).toEqual(["noConsent", "goodFaith", "accurate"]);
    expect(decision.recipient).toMatchObject({ channel: entry("twitter").intimateImagery[0] });
  });

  it("routes a real intimate image to TAKE IT DOWN too, without calling it a forgery", () => {
    const decision = decideRoute(intimateReal({ platform: "facebook" }), US, entry("facebook"));
    expect(decision.route).toBe("take_it_down");
    expect(decision.reason).not.toContain("forgery");
  });

  it("goes first even for an EU resident, and leaves it when the person says they consented", () => {
    expect(decideRoute(intimateSynthetic({ platform: "tiktok" }), EU, entry("tiktok")).route).toBe("take_it_down");
    expect(decideRoute(intimateReal(), US, entry("youtube"), { noConsent: false }).route).toBe("platform_report");
  });

  it("is decided from the explicit-content finding, never from the platform being adult", () => {
    expect(decideRoute(syntheticFace({ platform: "pornhub" }), US, entry("pornhub")).route).toBe("platform_report");
    expect(decideRoute(clonedVoice({ platform: "youtube" }), US, entry("youtube")).route).toBe("platform_report");
  });
});

describe("legal basis: the platform's impersonation, privacy or likeness channel", () => {
  it("reports an impersonating account, a genuine re-upload and synthetic media there, with no copyright claim", () => {
    for (const found of [impersonator(), genuineReupload(), syntheticFace(), clonedVoice(), genuineRecording()]) {
      const decision = decideRoute({ ...found, platform: "instagram" }, US, entry("instagram"));
      expect(decision.route).toBe("platform_report");
      expect(decision.reason).toContain("No copyright claim");
      expect(decision.requiredConfirmations).toEqual(["goodFaith", "accurate"]);
    }
    expect(decideRoute(genuineReupload(), US, entry("instagram")).reason).toContain("right of publicity");
  });
});

describe("legal basis: DSA Article 16 for EU-hosted content", () => {
  it("uses a DSA notice for anyone on a platform serving only the EU", () => {
    const euOnly = { ...entry("tiktok"), platformId: "eu-tube", jurisdiction: { usCovered: false, euHosted: true } };
    const decision = decideRoute(genuineReupload({ platform: "eu-tube" }), US, euOnly);
    expect(decision.route).toBe("dsa_article_16");
    expect(decision.reason).toContain("hosted in the EU");
  });

  it("uses a DSA notice, through the platform's DSA channel where it has one", () => {
    expect(decideRoute(genuineReupload({ platform: "tiktok" }), EU, entry("tiktok")).route).toBe("dsa_article_16");
    expect(decideRoute(threat(), { country: "Germany" }, entry("tiktok")).route).toBe("dsa_article_16");
    const decision = decideRoute(impersonator({ platform: "pornhub" }), EU, entry("pornhub"));
    expect(decision.route).toBe("dsa_article_16");
    expect(decision.recipient).toMatchObject({ channel: entry("pornhub").dsa[0] });
    expect(decision.requiredConfirmations).toEqual(["accurate"]);
  });
});

describe("legal basis: none where nobody can be asked", () => {
  it("has no route for the dark web, deep web, categories and unknown platforms, with an explanation", () => {
    for (const id of ["darkweb", "deepweb", "imageboards", "crypto", "messaging"]) {
      const decision = decideRoute(syntheticFace({ platform: id }), US, entry(id));
      expect(decision.route).toBe("none");
      expect(decision.recipient.kind).toBe("none");
      expect(decision.reason.length).toBeGreaterThan(40);
    }
    expect(decideRoute(threat({ platform: "myspace" }), US, undefined).reason).toContain("myspace");
  });

  it("prefers a verified channel, then email, since email can be sent directly", () => {
    const decision = decideRoute(genuineReupload({ platform: "reddit" }), US, entry("reddit"), {}, CLAIM);
    expect(decision.recipient).toMatchObject({ channel: { kind: "email" } });
  });
});
