import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultRecipientDirectory, RecipientDirectory } from "@lg/notices";
import { describe, expect, it } from "vitest";

// The platform catalogue of product-spec.md section 3, all three tiers.
const CATALOGUE_IDS = [
  "facebook",
  "instagram",
  "twitter",
  "youtube",
  "reddit",
  "linkedin",
  "tiktok",
  "discord",
  "telegram",
  "ebay",
  "amazon",
  "onlyfans",
  "pornhub",
  "darkweb",
  "deepweb",
  "pastebin",
  "imageboards",
  "crypto",
  "messaging",
];
const FILE = path.resolve(import.meta.dirname, "../../../packages/notices/data/recipients.json");
const raw = () => JSON.parse(readFileSync(FILE, "utf8"));

describe("recipients directory", () => {
  const directory = defaultRecipientDirectory();

  it("covers every platform id of the catalogue", () => {
    expect(directory.platformIds().sort()).toEqual([...CATALOGUE_IDS].sort());
  });

  it("gives each platform a channel or a reason why there is none", () => {
    for (const id of CATALOGUE_IDS) {
      const entry = directory.find(id);
      const channels = [entry?.copyright, entry?.impersonation, entry?.intimateImagery, entry?.dsa].flat();
      expect(channels.length > 0 || Boolean(entry?.noChannelReason), id).toBe(true);
      expect(entry?.source, id).toBeTruthy();
    }
    expect(directory.find("darkweb")?.noChannelReason).toContain("law-enforcement");
  });

  it("loads an edited copy of the file without code changes", () => {
    const edited = raw();
    edited.platforms[0].copyright = [
      { kind: "email", address: "agent@example.org", label: "New agent", needsVerification: false },
    ];
    const directoryFromEdit = RecipientDirectory.parse(edited);
    expect(directoryFromEdit.find(edited.platforms[0].platformId)?.copyright[0]).toMatchObject({
      address: "agent@example.org",
    });
  });

  it("rejects a file with a bad address, a missing channel reason or a duplicate id", () => {
    const badEmail = raw();
    badEmail.platforms[0].copyright = [{ kind: "email", address: "not-an-email", label: "x", needsVerification: true }];
    expect(() => RecipientDirectory.parse(badEmail)).toThrow();

    const noReason = raw();
    const dark = noReason.platforms.find((p: { platformId: string }) => p.platformId === "darkweb");
    delete dark.noChannelReason;
    expect(() => RecipientDirectory.parse(noReason)).toThrow(/noChannelReason/);

    const duplicate = raw();
    duplicate.platforms.push(duplicate.platforms[0]);
    expect(() => RecipientDirectory.parse(duplicate)).toThrow(/duplicate/);
  });
});
