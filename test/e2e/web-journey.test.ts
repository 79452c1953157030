/**
 * The web app against the whole local stack in a real browser: sign-up with the emailed code,
 * the signed-in dashboard and settings, sign-out and sign-in, the status page, and an axe check
 * (including colour contrast, which jsdom cannot compute) on the main routes.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { narrowScreenshot, screenshot, signUpByEmail, seriousViolations as violationsIn } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PASSWORD = "Correct-horse-9";

const e2e = useBrowserStack("web");
let page: Page;

const mainNav = () => page.getByRole("navigation", { name: "Main" });
const seriousViolations = () => violationsIn(page);

beforeAll(async () => {
  page = await e2e.newPage();
});

describe("web app on the local stack", () => {
  it("shows the landing page with measured figures and the live status of every service, with no serious axe violation", async () => {
    await page.goto(`${e2e.stack.url}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The hero's figure is the connector count and the usage figures are counted from the table,
    // both from GET /api/system/metrics; no single "accuracy" and no unlabelled timing.
    const figure = (label: string) => page.locator(".tile", { hasText: label }).locator("dd").first();
    // The first request loads the handler and counts the table: allow it a few seconds.
    await expect.poll(() => figure("Platforms with a connector").textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
    await expect.poll(() => figure("People protected").textContent(), { timeout: 15_000 }).toMatch(/^\d[\d,]*$/);
    expect(await page.getByText(/Detection Accuracy|Average Detection Time/).count()).toBe(0);
    expect(await seriousViolations()).toEqual([]);
    await screenshot(page, "web-landing");
    await page.goto(`${e2e.stack.url}/status`);
    await page.getByRole("heading", { name: "System Status" }).waitFor();
    await page.locator("tbody tr").first().waitFor();
    // What a person relies on, never internal services; a stack minutes old has probes covering no
    // window, so no uptime figure is stated, only since when it is measured.
    expect(await page.locator("tbody th").evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent))).toEqual([
      "Sign-in",
      "Enrolment",
      "Scanning",
      "Alerts",
      "Takedowns",
    ]);
    const statusText = (await page.locator("main").textContent()) ?? "";
    expect(statusText).not.toMatch(/\d%/);
    expect(statusText).toMatch(/measuring since \d{4}-\d{2}-\d{2}|No probe has run yet/);
    await screenshot(page, "web-status");
  });

  it("signs up with the emailed code, lands signed in on onboarding, and reaches the dashboard and settings", async () => {
    const email = `web-${Date.now()}@example.com`;
    await signUpByEmail(page, e2e.stack.url, email, PASSWORD);

    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
    await mainNav().getByRole("link", { name: "Settings" }).waitFor();
    expect(await page.getByText("Demo mode").count()).toBe(0);
    expect(await seriousViolations()).toEqual([]);

    await mainNav().getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Privacy Settings" }).waitFor();
    await page.getByLabel("30 days", { exact: true }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Settings saved").waitFor();
    await screenshot(page, "web-settings");
    expect(await narrowScreenshot(page, "web-settings")).toBe(0);

    // Sign-out POSTs and only then sends the page home; wait for that navigation, or it aborts the next goto.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${e2e.stack.url}/`);
    await page.waitForLoadState("load");
    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByText("Demo mode").waitFor();

    await page.goto(`${e2e.stack.url}/api/login?next=/settings`);
    await page.getByLabel("Email or phone number", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await screenshot(page, "web-signin");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole("heading", { name: "Privacy Settings" }).waitFor();
    expect(await page.getByLabel("30 days", { exact: true }).isChecked()).toBe(true);
  });
});
