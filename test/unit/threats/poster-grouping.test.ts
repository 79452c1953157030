import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoThreatListing } from "@lg/domain/threats/adapters/dynamo-threat-listing";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { linksIn, posterKeys } from "@lg/domain/threats/poster-keys";
import { ThreatListParams } from "@lg/domain/threats/threat-list-query";
import { recordThreats, type ThreatCandidate } from "@lg/domain/threats/threat-recorder";
import { ThreatTriage } from "@lg/domain/threats/threat-triage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { ensureTable, startDynamoDb } from "../../../local/src/stand-ins/dynamodb.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";

const AVATAR = "a".repeat(64);
const OTHER_AVATAR = "b".repeat(64);
const OWN = ["https://instagram.com/adalovelace", "@adalovelace"];

/** An impersonating profile as the scan's profile analysis hands it to the recorder. */
function impersonator(platform: string, handle: string, bio: string, avatar = AVATAR): ThreatCandidate {
  return {
    personId: "self",
    threatType: "impersonation",
    confidence: 91,
    platform,
    contentType: "profile",
    url: `https://${platform}.example/${handle}`,
    title: `Account impersonating you: ${handle}`,
    mediaSha256: `${avatar}:${platform}:${handle.toLowerCase()}`,
    account: handle,
    posterKeys: posterKeys({ platform, handle, bio, avatarSha256: avatar }, OWN),
    evidence: { hash: "h", manifestKey: "k", capturedAt: "2026-11-27T00:00:00.000Z" },
    detection: {},
    classification: threatClassification("impersonation", { confidence: 91, handle }),
  };
}

describe("who counts as one poster", () => {
  it("reads a bio's external links, bare or with a scheme, compared without www, query or trailing slash", () => {
    expect(linksIn("DM for collabs: https://www.Pay-Ada.shop/vip/?ref=x. Also t.me/ada_vip_chat!")).toEqual([
      "pay-ada.shop/vip",
      "t.me/ada_vip_chat",
    ]);
    expect(linksIn("no links here, just ada.lovelace, or mail ada@mail.com")).toEqual([]);
  });

  it("keys a bio link, and the handle with its avatar, but never a link to the person's own account", () => {
    const keys = posterKeys(
      { platform: "twitter", handle: "@Ada_Lovelace", bio: "real me: instagram.com/adalovelace · ada-vip.shop" },
      OWN,
    );
    expect(keys).toEqual(["account:twitter:ada_lovelace", "link:ada-vip.shop"]);
    expect(posterKeys({ platform: "telegram", handle: "ada_lovelace", avatarSha256: AVATAR })).toEqual([
      "account:telegram:ada_lovelace",
      `face:adaioveiace:${AVATAR}`,
    ]);
  });
});

describe("recording one impersonator's accounts on two platforms", () => {
  it("puts them in one account group by a shared bio link, or by the same handle and avatar", async () => {
    const repo = new InMemoryThreatRepository();
    const [x] = (await recordThreats(repo, "u1", [impersonator("twitter", "ada_l0velace", "vip: ada-vip.shop")]))
      .created;
    const { created } = await recordThreats(repo, "u1", [
      // Another handle, the same link to where the impersonator sends people.
      impersonator("telegram", "ada_official_chat", "join https://ada-vip.shop/", OTHER_AVATAR),
      // The same handle (as its look-alike skeleton) and avatar file, no link.
      impersonator("instagram", "Ada_L0velace", ""),
      // The person's name and photo again, but neither handle nor link in common: someone else.
      impersonator("tiktok", "adalovelace.fan", "fan page", AVATAR),
    ]);
    const [telegram, instagram, tiktok] = created;
    expect(x?.accountGroup).toBeUndefined();
    expect(telegram?.accountGroup).toBe("twitter:ada_l0velace");
    expect(instagram?.accountGroup).toBe("twitter:ada_l0velace");
    expect(tiktok?.accountGroup).toBeUndefined();

    // A later post by the Telegram account joins the group its profile joined.
    const post: ThreatCandidate = {
      ...impersonator("telegram", "ada_official_chat", ""),
      threatType: "deepfake",
      mediaSha256: "c".repeat(64),
      posterKeys: posterKeys({ platform: "telegram", handle: "ada_official_chat" }),
    };
    const [later] = (await recordThreats(repo, "u1", [post])).created;
    expect(later?.accountGroup).toBe("twitter:ada_l0velace");
  });
});

let dir = "";
let dynamodb: RunningServer;
const TABLE = "poster-grouping";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-poster-grouping-"));
  dynamodb = await startDynamoDb(dir);
  await ensureTable(dynamodb.url, TABLE);
});

afterAll(async () => {
  await dynamodb.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the grouped threat list over the table", () => {
  it("lists one impersonator's X and Telegram accounts as one group naming both, each still its own threat", async () => {
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(dynamodb.url)));
    const threats = new DynamoThreatRepository(doc, TABLE);
    const triage = new ThreatTriage({ listing: new DynamoThreatListing(doc, TABLE), threats });
    await recordThreats(threats, "u2", [impersonator("twitter", "ada_l0velace", "ada-vip.shop")]);
    // A separate scan step, as each platform's record step is.
    await recordThreats(threats, "u2", [impersonator("telegram", "ada_vip", "ada-vip.shop", OTHER_AVATAR)]);
    await recordThreats(threats, "u2", [impersonator("tiktok", "ada.fan", "fan page")]);

    const grouped = await triage.list("u2", ThreatListParams.parse({ groupBy: "account" }));
    const groups = ("groups" in grouped ? grouped.groups : undefined) ?? [];
    const shared = groups.find((g) => g.key === "twitter:ada_l0velace");
    expect(shared).toMatchObject({
      count: 2,
      label: "ada_vip on telegram, ada_l0velace on twitter",
      platforms: ["telegram", "twitter"],
    });
    expect(groups.find((g) => g.key === "tiktok:ada.fan")).toMatchObject({ count: 1, platforms: ["tiktok"] });
    // Each account stays a threat of its own, on its own platform: each host gets its own notice.
    const items = await triage.list("u2", ThreatListParams.parse({}));
    expect("items" in items ? items.items.map((t) => t.platform).sort() : []).toEqual([
      "telegram",
      "tiktok",
      "twitter",
    ]);
  });
});
