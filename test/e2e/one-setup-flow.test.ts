/**
 * One setup flow (issue 28 item 6), in Chromium against the local stack: a new account's onboarding
 * asks the country (which decides whether a notice may rest on the EU's Digital Services Act) and the
 * postal address a notice gives; the spec's old routes (/profile-setup, /scan-preferences) and the
 * links from Settings and People open the step that collects the same things, on what is saved, and
 * a link from a page goes back to it once its part is done.
 */
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { screenshot, seriousViolations, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PASSWORD = "Correct-horse-9";
const e2e = useBrowserStack("one-setup-flow", { taskWorkers: 0 });
let page: Page;

beforeAll(async () => {
  page = await e2e.newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) {
    await screenshot(page, `one-setup-flow-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
});

const step = (n: number) => page.getByText(`Step ${n} of 7`, { exact: true }).waitFor();
const saved = async () =>
  (await (await page.request.get(`${e2e.stack.url}/api/profile`)).json()) as Record<string, unknown> & {
    platforms: string[];
    scanFrequency: string;
  };
const platformBoxes = () => page.getByRole("group", { name: "Platforms to monitor" }).getByRole("checkbox");

describe("one setup flow", () => {
  it("asks the country and the notices' postal address in the onboarding, and stores them", async () => {
    await signUpByEmail(page, e2e.stack.url, `one-flow-${Date.now()}@example.com`, PASSWORD);
    await page.getByRole("button", { name: "I Agree" }).click();
    await page.getByText(/✓ You agreed to the processing of your face and voice/).waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();

    await step(2);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Country you live in").fill("Germany");
    await page.getByLabel("Postal address for your notices (optional)").fill("Unter den Linden 1");
    await page.getByLabel("City (optional)").fill("Berlin");
    await screenshot(page, "one-flow-01-identity");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await step(3);
    expect(await saved()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      country: "Germany",
      address: "Unter den Linden 1",
      city: "Berlin",
    });
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await step(4);
  });

  it("opens Settings' 'Change platforms and frequency' at the platforms step on what is saved, and returns", async () => {
    const before = await saved();
    await page.goto(`${e2e.stack.url}/settings`);
    await page.getByRole("link", { name: "Change platforms and frequency" }).click();
    await page.waitForURL(/\/onboarding\?step=platforms&from=%2Fsettings$/);
    await step(3);
    const boxes = await platformBoxes().all();
    const ticked = await Promise.all(boxes.map((b) => b.isChecked()));
    expect(ticked.filter(Boolean)).toHaveLength(before.platforms.length);
    expect(await page.getByLabel("Scan frequency").inputValue()).toBe(before.scanFrequency);
    await screenshot(page, "one-flow-02-platforms-from-settings");
    // One fewer platform.
    const firstTicked = boxes[ticked.indexOf(true)];
    await firstTicked?.uncheck();
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await page.waitForURL(/\/settings$/);
    expect((await saved()).platforms).toHaveLength(before.platforms.length - 1);
  });

  it("leads the old profile-setup and scan-preferences addresses to their steps, on what is saved", async () => {
    await page.goto(`${e2e.stack.url}/profile-setup`);
    await page.waitForURL(/\/onboarding\?step=identity$/);
    await step(2);
    expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
    expect(await page.getByLabel("Country you live in").inputValue()).toBe("Germany");
    expect(await page.getByLabel("City (optional)").inputValue()).toBe("Berlin");

    await page.goto(`${e2e.stack.url}/scan-preferences`);
    await page.waitForURL(/\/onboarding\?step=platforms$/);
    await step(3);
    const ticked = await Promise.all((await platformBoxes().all()).map((b) => b.isChecked()));
    expect(ticked.filter(Boolean)).toHaveLength((await saved()).platforms.length);
  });

  it("opens People's 'Enrol Your Face and Voice' at the face step and returns to People after the voice", async () => {
    await page.goto(`${e2e.stack.url}/onboarding?step=face&from=%2Fpeople`);
    await step(4);
    await page.getByRole("button", { name: "Skip for now" }).click();
    await step(5);
    await page.getByRole("button", { name: "Skip for now" }).click();
    await page.waitForURL(/\/people$/);
  });
});
