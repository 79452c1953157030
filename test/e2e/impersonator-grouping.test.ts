import { writeEvidencePackage } from "@lg/domain/scanning/evidence";
import { posterKeys } from "@lg/domain/threats/poster-keys";
import { recordThreats, type ThreatCandidate } from "@lg/domain/threats/threat-recorder";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { threatClassification } from "../support/threat-classification.js";
import { screenshot, seriousViolations, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";
import { stackStores } from "./support/stack-stores.js";

const PASSWORD = "Correct-horse-9";
const e2e = useBrowserStack("impersonator-grouping", { taskWorkers: 0 });
let page: Page;

beforeAll(async () => {
  page = await e2e.newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) {
    await screenshot(page, `impersonator-grouping-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
});

/** The impersonators' profiles, each recorded by its own platform's record step. */
async function recordImpersonators(userId: string) {
  const { doc, threats, evidence } = stackStores(e2e.stack.env);
  const avatar = new Uint8Array(
    await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer(),
  );
  const profiles = [
    { platform: "twitter", handle: "ada_l0velace", url: "https://x.com/ada_l0velace", bio: "VIP: ada-vip.shop" },
    { platform: "telegram", handle: "ada_vip", url: "https://t.me/ada_vip", bio: "join https://ada-vip.shop/" },
    { platform: "tiktok", handle: "ada.fan", url: "https://www.tiktok.com/@ada.fan", bio: "fan page" },
  ];
  for (const p of profiles) {
    const capturedAt = new Date().toISOString();
    const pkg = await writeEvidencePackage(evidence, {
      userId,
      media: { bytes: avatar, contentType: "image/jpeg", url: `${p.url}/avatar.jpg` },
      page: { url: p.url, platform: p.platform, title: "Ada Lovelace", metadata: { bio: p.bio } },
      detection: { faces: [] },
      capturedAt,
    });
    const candidate: ThreatCandidate = {
      personId: "self",
      threatType: "impersonation",
      confidence: 92,
      platform: p.platform,
      contentType: "profile",
      url: p.url,
      title: `Account impersonating you: ${p.handle}`,
      mediaSha256: `${pkg.manifest.mediaSha256}:${p.platform}:${p.handle}`,
      account: p.handle,
      posterKeys: posterKeys({ ...p, avatarSha256: pkg.manifest.mediaSha256 }),
      evidence: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt },
      detection: {},
      classification: threatClassification("impersonation", { confidence: 92, handle: p.handle }),
    };
    await recordThreats(threats, userId, [candidate]);
  }
  doc.destroy();
}

describe("an impersonator on two platforms", () => {
  it("is one account group naming both accounts, while each account stays its own threat", async () => {
    await signUpByEmail(page, e2e.stack.url, `impersonator-${Date.now()}@example.com`, PASSWORD);
    const { userId } = (await (await page.request.get(`${e2e.stack.url}/api/auth/user`)).json()) as {
      userId: string;
    };
    await recordImpersonators(userId);

    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByRole("heading", { name: "Account impersonating you: ada_vip" }).waitFor();
    // Ungrouped, three threats: each host gets its own notice.
    expect(await page.locator("ul[aria-label='Threats'] > .threat-row").count()).toBe(3);

    await page.getByLabel("Group", { exact: true }).selectOption("account");
    const shared = page.locator(".threat-group", {
      has: page.getByRole("heading", { name: "ada_vip on telegram, ada_l0velace on twitter" }),
    });
    await shared.getByText("Same poster on 2 platforms: Telegram, Twitter / X").waitFor();
    await shared.getByText("2 threats", { exact: true }).waitFor();
    const other = page.locator(".threat-group", { has: page.getByRole("heading", { name: "ada.fan on tiktok" }) });
    await other.getByText("Same account", { exact: true }).waitFor();
    await shared.getByRole("button", { name: "Show 2 threats" }).click();
    await expect.poll(() => shared.locator(".threat-group-members > .threat-row").count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "impersonator-grouped");
  });
});
