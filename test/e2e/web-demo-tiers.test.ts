/**
 * The no-login demo for each tier in a real browser against the local stack: the landing page's
 * chooser creates the server-side demo profile, the guided demo walks its seven steps, and the
 * dashboard shows the demo banner with the demo threats the API returns for that tier.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { narrowScreenshot, screenshot, seriousViolations } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";
import { threatRowsWithoutPicture } from "./support/threat-pictures.js";

const TIERS = [
  { tier: "personal", card: "Individual Protection" },
  { tier: "professional", card: "Professional Shield" },
  { tier: "enterprise", card: "Enterprise Security" },
] as const;
const GUIDED_STEPS = [
  "Welcome",
  "Account Setup Complete",
  "Subscription Selected",
  "Profile Information",
  "Face and Voice Captured",
  "Scan Preferences Set",
  "Protection Activated",
];

const e2e = useBrowserStack("demo");

async function chooseDemo(page: Page, tier: string, card: string, shots: boolean) {
  await page.goto(`${e2e.stack.url}/`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  if (shots) {
    await screenshot(page, "demo-01-landing");
    expect(await narrowScreenshot(page, "demo-01-landing")).toBe(0);
  }
  await page.getByRole("main").getByRole("button", { name: "View Demo" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose Your Demo Experience" });
  await chooser.waitFor();
  if (shots) {
    await screenshot(page, "demo-02-chooser");
    expect(await narrowScreenshot(page, "demo-02-chooser")).toBe(0);
  }
  const created = page.waitForResponse((r) => r.url().endsWith("/api/demo/profile") && r.request().method() === "POST");
  const chosen = chooser.locator(".card").filter({ hasText: card });
  const cardText = await chosen.textContent();
  await chosen.getByRole("button", { name: "Start Demo" }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  const profile = (await response.json()) as { fullName: string; membershipTier: string };
  expect(profile.membershipTier).toBe(tier);
  // The card promised this person; the guided demo and dashboard then show the server's profile.
  expect(cardText).toContain(profile.fullName);
  await page.waitForURL(new RegExp(`/demo/guided\\?type=${tier}$`));
  return profile;
}

async function walkGuidedDemo(page: Page, tier: string, shots: boolean) {
  for (const [i, title] of GUIDED_STEPS.entries()) {
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText(`Step ${i + 1} of ${GUIDED_STEPS.length}`).waitFor();
    if (shots) await screenshot(page, `demo-03-guided-${tier}-step-${i + 1}`);
    if (shots && i === 0) expect(await narrowScreenshot(page, `demo-03-guided-${tier}-step-1`)).toBe(0);
    const last = i === GUIDED_STEPS.length - 1;
    await page.getByRole("button", { name: last ? "Go to Dashboard" : "Next Step" }).click();
  }
  await page.waitForURL(new RegExp(`/dashboard\\?demo=${tier}$`));
}

describe("demo tiers from the landing chooser", () => {
  for (const [index, { tier, card }] of TIERS.entries()) {
    it(`${tier}: chooser -> seven-step guided demo -> dashboard with the banner and the API's demo threats`, async () => {
      // A fresh context per tier: the demo session lives in the tab's storage.
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        const shots = index === 0;
        const profile = await chooseDemo(page, tier, card, shots);
        await walkGuidedDemo(page, tier, shots);

        const threatsResponse = page.waitForResponse((r) => r.url().includes(`/api/demo/threats?demoType=${tier}`));
        await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
        const threats = (await (await threatsResponse).json()) as { id: string }[];
        expect(threats.length).toBeGreaterThan(0);
        const banner = page.getByRole("note").filter({ hasText: "Demo mode" });
        await expect.poll(() => banner.textContent()).toContain(`${profile.fullName}, ${tier} plan`);
        await page.locator(".threat-row").first().waitFor();
        expect(await page.locator(".threat-row").count()).toBe(threats.length);
        await page.getByRole("button", { name: `All (${threats.length})` }).waitFor();
        // The demo scan that found these threats ran: its end is the last scan, not "No scan yet".
        const health = page.getByRole("region", { name: "Protection Health" });
        expect(await health.getByText("No scan yet").count()).toBe(0);
        await health.getByText(/ago$|^Just now$/).waitFor();
        // Every row shows a decoded, not-black picture or says why it has none (issue 27 item 5).
        expect(await threatRowsWithoutPicture(page)).toEqual([]);
        await screenshot(page, `demo-04-dashboard-${tier}`);
        if (shots) {
          expect(await seriousViolations(page)).toEqual([]);
          expect(await narrowScreenshot(page, `demo-04-dashboard-${tier}`)).toBe(0);
          // A demo threat on a picture shows the same server-blurred preview as a real one.
          await page
            .locator(".threat-row", { hasText: "face" })
            .first()
            .getByRole("button", { name: "View Details" })
            .click();
          const preview = page.getByRole("dialog").locator(".preview img");
          const previewWidth = () =>
            preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
          await expect.poll(previewWidth).toBeGreaterThan(0);
          expect(await previewWidth()).toBeLessThanOrEqual(480);
          await screenshot(page, `demo-05-threat-details-${tier}`);
        }
      } finally {
        await context.close();
      }
    });
  }
});
