/**
 * Checkout in a real browser against the local stack: a new account chooses Professional on the
 * pricing page, pays on the Stripe stand-in's checkout page, and Settings shows the plan the signed
 * webhook gave it; the billing portal cancels it at the period's end, and Settings says when. An
 * organisation buys Enterprise for a number of protected people the same way.
 */
import { ENTERPRISE_PRICE_PER_PERSON } from "@lg/domain/billing/plan-catalogue";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PASSWORD = "Correct-horse-9";

const e2e = useBrowserStack("billing", { taskWorkers: 0 });
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await e2e.browser.newContext();
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

describe("checkout in the browser", () => {
  it("sends a visitor who is not signed in to sign up before checkout", async () => {
    await page.goto(`${e2e.stack.url}/pricing`);
    await page.getByRole("link", { name: "Choose the Professional plan" }).click();
    await page.waitForURL(/\/signup\?next=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("next") ?? "")).toBe(
      "/pricing?checkout=professional",
    );
  });

  it("a signed-in person chooses Professional, pays on the checkout page and Settings shows the plan", async () => {
    await signUpByEmail(page, e2e.stack.url, `checkout-${Date.now()}@example.com`, PASSWORD);
    await page.goto(`${e2e.stack.url}/settings`);
    const plan = page.getByRole("region", { name: "Plan and billing" });
    await plan.getByText("No subscription").waitFor();
    // Personal's platforms chosen first, weekly: what the plan change must widen. The spec's
    // /scan-preferences is the one setup flow's platforms step.
    await page.goto(`${e2e.stack.url}/scan-preferences`);
    await page.waitForURL(/\/onboarding\?step=platforms$/);
    await page.getByLabel(/^Facebook/).check();
    await page.getByLabel(/^Reddit/).check();
    await page.getByLabel("Scan frequency").selectOption("weekly");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await page.getByText("Step 4 of 7", { exact: true }).waitFor();

    await page.goto(`${e2e.stack.url}/pricing`);
    await page.getByRole("button", { name: "Choose the Professional plan" }).click();
    await page.waitForURL((url) => url.origin === new URL(e2e.stack.stripe.url).origin);
    await page.getByRole("heading", { name: /Subscribe to LikenessGuard Professional/ }).waitFor();
    await page.getByText("$49.00").waitFor();
    await screenshot(page, "billing-01-checkout");
    await page.getByLabel(/Card number/).fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Start trial" }).click();

    await page.waitForURL(/\/settings\?billing=done$/);
    await plan.getByText("Professional").waitFor();
    await plan.getByText("Free trial").waitFor();
    await plan.getByText("Trial ends").waitFor();
    await screenshot(page, "billing-02-settings");

    await page.goto(`${e2e.stack.url}/scan-preferences`);
    await page.getByText(/^Your Professional plan includes these platforms/).waitFor();
    expect(await page.getByRole("radio", { name: "Enterprise" }).count()).toBe(0);
    // What was paid for runs from the next scan, and the page shows what is saved: the new plan's
    // platforms ticked beside the ones chosen before, and its faster schedule.
    for (const chosen of [/^Facebook/, /^Reddit/, /^LinkedIn/, /^TikTok/]) {
      expect(await page.getByLabel(chosen).isChecked()).toBe(true);
    }
    expect(await page.getByLabel("Scan frequency").inputValue()).toBe("daily");
    await screenshot(page, "billing-03-scan-preferences-after-upgrade");
  });

  it("Manage billing opens the portal, where cancelling keeps the plan to the period's end", async () => {
    await page.goto(`${e2e.stack.url}/settings`);
    await page.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL((url) => url.origin === new URL(e2e.stack.stripe.url).origin);
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await page.getByText(/^Cancels on/).waitFor();
    await page.getByRole("link", { name: "Return to LikenessGuard" }).click();
    await page.waitForURL(/\/settings$/);
    const plan = page.getByRole("region", { name: "Plan and billing" });
    await plan.getByText("Ends on").waitFor();
    await plan.getByText(/your limits become those of the Personal plan/).waitFor();
    await plan.getByText("Professional").waitFor();
    await screenshot(page, "billing-03-cancelled");
  });

  it("the team page lists the owner and the audit log records the plan change, with exports", async () => {
    await page.getByRole("link", { name: "Team and audit log" }).click();
    await page.waitForURL(/\/team$/);
    await page.getByRole("heading", { name: "Team and audit log" }).waitFor();
    await page.getByRole("region", { name: "Members" }).getByText("Owner").waitFor();
    const log = page.getByRole("table", { name: "Who did what, newest first" });
    await log.getByRole("cell", { name: /^Plan changed \(from: personal, to: professional/ }).waitFor();
    // The app calls its API on its own origin, so the link is relative and resolves to the page's host.
    expect(
      await page.getByRole("link", { name: "Export CSV" }).evaluate((a) => (a as unknown as { href: string }).href),
    ).toBe(`${e2e.stack.url}/api/audit-log?format=csv`);
    await screenshot(page, "billing-04-team");
  });

  it("opened at 127.0.0.1, checkout returns to Settings on the origin of the session, signed in (issue 36)", async () => {
    const loopback = new URL(e2e.stack.url);
    loopback.hostname = "127.0.0.1";
    const other = await e2e.browser.newContext();
    const visitor = await other.newPage();
    try {
      await signUpByEmail(visitor, loopback.origin, `loopback-${Date.now()}@example.com`, PASSWORD);
      // The one public origin (APP_URL): where the session lives and every link the product sends points.
      const sessionOrigin = new URL(visitor.url()).origin;
      expect(sessionOrigin).toBe(new URL(e2e.stack.url).origin);
      const config = (await (await visitor.request.get(`${sessionOrigin}/config.json`)).json()) as {
        outboxUrl: string;
      };
      expect(new URL(config.outboxUrl).origin).toBe(sessionOrigin);
      await visitor.goto(`${loopback.origin}/pricing`);
      await visitor.getByRole("button", { name: "Choose the Professional plan" }).click();
      await visitor.waitForURL((url) => url.origin === new URL(e2e.stack.stripe.url).origin);
      await visitor.getByLabel(/Card number/).fill("4242 4242 4242 4242");
      await visitor.getByRole("button", { name: "Start trial" }).click();
      await visitor.waitForURL(/\/settings\?billing=done$/);
      expect(new URL(visitor.url()).origin).toBe(sessionOrigin);
      await visitor.getByRole("region", { name: "Plan and billing" }).getByText("Professional").waitFor();
      expect(await visitor.getByRole("heading", { name: /Sign in/i }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("an organisation buys Enterprise for the people it protects, priced per person, without a sales call", async () => {
    const other = await e2e.browser.newContext();
    const owner = await other.newPage();
    try {
      await signUpByEmail(owner, e2e.stack.url, `enterprise-${Date.now()}@example.com`, PASSWORD);
      await owner.goto(`${e2e.stack.url}/pricing`);
      await owner.getByText(`$${ENTERPRISE_PRICE_PER_PERSON}/month per protected person`).waitFor();
      await owner.getByLabel("People to protect").fill("3");
      await owner.getByRole("button", { name: "Choose the Enterprise plan" }).click();
      await owner.waitForURL((url) => url.origin === new URL(e2e.stack.stripe.url).origin);
      await owner.getByRole("heading", { name: /Subscribe to LikenessGuard Enterprise/ }).waitFor();
      await owner.getByText(`(3 × $${ENTERPRISE_PRICE_PER_PERSON}.00)`, { exact: false }).waitFor();
      await screenshot(owner, "billing-05-enterprise-checkout");
      await owner.getByLabel(/Card number/).fill("4242 4242 4242 4242");
      await owner.getByRole("button", { name: "Start trial" }).click();
      await owner.waitForURL(/\/settings\?billing=done$/);
      const plan = owner.getByRole("region", { name: "Plan and billing" });
      await plan.getByText("Enterprise").waitFor();
      await plan.getByText("Protected people paid for").waitFor();
      expect(await plan.getByText("3", { exact: true }).count()).toBe(1);
      await screenshot(owner, "billing-06-enterprise-settings");
    } finally {
      await other.close();
    }
  });
});
