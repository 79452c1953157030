import { decideRoute, defaultRecipientDirectory, type RecipientEntry } from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threat } from "./fixtures.js";

const directory = defaultRecipientDirectory();
const entry = (id: string): RecipientEntry => {
  const found = directory.find(id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
};
const US = { country: "US" };
const EU = { country: "FR" };

describe("decideRoute", () => {
  it("sends a deepfake of the person's own photo as DMCA, to a verified channel first", () => {
    const decision = decideRoute(threat(), US, entry("youtube"));
    expect(decision.route).toBe("dmca");
    expect(decision.recipient).toMatchObject({
      kind: "channel",
      channel: { kind: "web_form", needsVerification: false },
    });
    expect(decision.requiredConfirmations).toEqual(["ownsWork", "goodFaith", "accurate"]);
  });

  it("prefers an email channel among verified ones, because email can be sent directly", () => {
    const decision = decideRoute(threat({ platform: "reddit" }), US, entry("reddit"));
    expect(decision.recipient).toMatchObject({ channel: { kind: "email", address: "copyright@reddit.com" } });
  });

  it("routes a voice clone like a deepfake (DMCA), never as intimate imagery", () => {
    const decision = decideRoute(
      threat({ threatType: "voice_clone", detection: { nsfw: true } }),
      US,
      entry("youtube"),
    );
    expect(decision.route).toBe("dmca");
  });

  it("uses TAKE IT DOWN for intimate imagery flagged by detection, needing non-consent", () => {
    for (const flag of [{ intimate: true }, { nsfw: true }]) {
      const decision = decideRoute(threat({ detection: flag }), US, entry("twitter"));
      expect(decision.route).toBe("take_it_down");
      expect(decision.requiredConfirmations).toEqual(["noConsent", "goodFaith"]);
    }
  });

  it("treats a deepfake on an adult platform as intimate imagery, but not an impersonating account there", () => {
    expect(decideRoute(threat({ platform: "pornhub" }), US, entry("pornhub")).route).toBe("take_it_down");
    expect(
      decideRoute(threat({ platform: "onlyfans", threatType: "impersonation" }), US, entry("onlyfans")).route,
    ).toBe("platform_report");
  });

  it("uses the NCII channel for TAKE IT DOWN where the platform has one", () => {
    const decision = decideRoute(
      threat({ platform: "facebook", detection: { intimate: true } }),
      US,
      entry("facebook"),
    );
    expect(decision.recipient).toMatchObject({ channel: entry("facebook").intimateImagery[0] });
  });

  it("leaves TAKE IT DOWN when the person says they consented to the intimate depiction", () => {
    const decision = decideRoute(threat({ detection: { intimate: true } }), US, entry("youtube"), { noConsent: false });
    expect(decision.route).toBe("dmca");
  });

  it("uses a DSA notice for a person in the EU, and TAKE IT DOWN still wins for intimate imagery", () => {
    expect(decideRoute(threat(), EU, entry("tiktok")).route).toBe("dsa_article_16");
    expect(decideRoute(threat(), { country: "Germany" }, entry("tiktok")).route).toBe("dsa_article_16");
    expect(decideRoute(threat({ detection: { intimate: true } }), EU, entry("tiktok")).route).toBe("take_it_down");
    expect(decideRoute(threat({ platform: "pornhub" }), EU, entry("pornhub")).recipient).toMatchObject({
      channel: entry("pornhub").intimateImagery[0],
    });
  });

  it("uses the platform's DSA channel when it has one", () => {
    const decision = decideRoute(threat({ platform: "pornhub", threatType: "impersonation" }), EU, entry("pornhub"));
    expect(decision.route).toBe("dsa_article_16");
    expect(decision.recipient).toMatchObject({ channel: entry("pornhub").dsa[0] });
    expect(decision.requiredConfirmations).toEqual(["accurate"]);
  });

  it("reports an impersonating account through the platform's impersonation channel", () => {
    const decision = decideRoute(
      threat({ threatType: "impersonation", platform: "instagram" }),
      US,
      entry("instagram"),
    );
    expect(decision.route).toBe("platform_report");
    expect(decision.recipient).toMatchObject({ channel: entry("instagram").impersonation[0] });
    expect(decision.requiredConfirmations).toEqual(["goodFaith", "accurate"]);
  });

  it("falls back to the platform report when the person does not own the copied work", () => {
    expect(decideRoute(threat(), US, entry("youtube"), { ownsWork: false }).route).toBe("platform_report");
  });

  it("uses DMCA for impersonation where the platform has only a copyright channel", () => {
    expect(decideRoute(threat({ threatType: "impersonation", platform: "amazon" }), US, entry("amazon")).route).toBe(
      "dmca",
    );
  });

  it("has no route when the only channel is copyright and the person does not own the work", () => {
    const decision = decideRoute(threat({ platform: "amazon" }), US, entry("amazon"), { ownsWork: false });
    expect(decision.route).toBe("none");
    expect(decision.reason).toContain("own the copied photo");
  });

  it("has no route for the dark web, deep web, categories and unknown platforms, with an explanation", () => {
    for (const id of ["darkweb", "deepweb", "imageboards", "crypto", "messaging"]) {
      const decision = decideRoute(threat({ platform: id }), US, entry(id));
      expect(decision.route).toBe("none");
      expect(decision.recipient.kind).toBe("none");
      expect(decision.reason.length).toBeGreaterThan(40);
    }
    expect(decideRoute(threat({ platform: "myspace" }), US, undefined).reason).toContain("myspace");
  });
});
