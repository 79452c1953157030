/**
 * Issue 15's recovery paths in Chromium against the whole local stack, with every code read from
 * the outbox page as a person reads their inbox: a sign-up left at its code screen is finished from
 * sign-in (and lands where the person was going), and a forgotten password is reset.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PASSWORD = "Correct-horse-9";
const NEW_PASSWORD = "Fresh-garden-31!";

const e2e = useBrowserStack("recovery");

/** The 6-digit code in the newest message to `to`, read off the outbox page in its own tab. */
async function codeFromOutboxPage(context: BrowserContext, to: string, count: number): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto(`${e2e.stack.url}/outbox`);
    const messages = outbox.locator("article.msg", { hasText: to });
    await expect.poll(() => messages.count(), { timeout: 15_000 }).toBe(count);
    const text = (await messages.first().locator("pre").first().textContent()) ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code for ${to} on the outbox page`);
    return code;
  } finally {
    await outbox.close();
  }
}

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

describe("accounts that recover, in a browser", () => {
  it("finishes a sign-up left at the code screen from sign-in, with a new code, and returns to where the person was going", async () => {
    const { context, page } = await freshPage();
    const email = `pending-${Date.now()}@example.com`;
    await page.goto(`${e2e.stack.url}/signup`);
    await page.getByRole("button", { name: "Sign up with Email" }).click();
    await page.getByLabel("Email address", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByLabel("Verification code", { exact: true }).waitFor();

    // The person leaves the code screen and later opens Settings, which asks them to sign in.
    await page.goto(`${e2e.stack.url}/settings`);
    await page.waitForURL(/\/signin\?next=%2Fsettings$/, { timeout: 15_000 });
    await page.getByLabel("Email or phone number").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Confirm your account" }).waitFor();
    await page.getByRole("button", { name: "Send a new code" }).click();
    await page.getByText(/a new code has been sent/).waitFor();
    await screenshot(page, "recovery-pending-confirmation");

    await page.getByLabel("Verification code").fill(await codeFromOutboxPage(context, email, 2));
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.waitForURL(/\/settings$/, { timeout: 15_000 });
    await page.getByRole("heading", { name: "Privacy Settings" }).waitFor();
    await context.close();
  });

  it("resets a forgotten password with the code from the outbox page, signs in with it, and the old one no longer works", async () => {
    const { context, page } = await freshPage();
    const email = `forgot-${Date.now()}@example.com`;
    await signUpByEmail(page, e2e.stack.url, email, PASSWORD);
    await context.clearCookies();

    await page.goto(`${e2e.stack.url}/signin`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email or phone number").fill(email);
    await page.getByRole("button", { name: "Send reset code" }).click();
    await page.getByText(/a 6-digit code to reset its password has been sent/).waitFor();

    // The sign-up code was the first message; the reset code is the second.
    await page.getByLabel("Reset code").fill(await codeFromOutboxPage(context, email, 2));
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await screenshot(page, "recovery-reset-password");
    await page.getByRole("button", { name: "Set new password and sign in" }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
    expect(await page.getByText("Demo mode").count()).toBe(0);

    await context.clearCookies();
    await page.goto(`${e2e.stack.url}/signin`);
    await page.getByLabel("Email or phone number").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Incorrect username or password").waitFor();
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await context.close();
  });
});
