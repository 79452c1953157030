/**
 * Issue 15's optional authenticator app (TOTP MFA) in Chromium against the whole local stack: the
 * person turns it on in Settings with the key the page shows, and from then on signing in with the
 * password asks for the app's code; a wrong code is refused, saying so. The tests' authenticator
 * app is test/support/totp.ts (RFC 6238), fed the setup key read off the page.
 */
import { describe, expect, it } from "vitest";
import { totp } from "../support/totp.js";
import { screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PASSWORD = "Correct-horse-9";
const STEP_MS = 30_000;

const e2e = useBrowserStack("mfa");

/** A code is good once, as in Cognito: the sign-in code comes from a later 30-second step than `used`. */
async function codeAfter(secret: string, used: number): Promise<string> {
  const step = (t: number) => Math.floor(t / STEP_MS);
  while (step(Date.now()) <= step(used)) await new Promise((r) => setTimeout(r, 500));
  return totp(secret);
}

describe("an authenticator app, in a browser", () => {
  it("is turned on in Settings; signing in then asks for its code, refuses a wrong one and opens the session with the right one", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `mfa-${Date.now()}@example.com`;
    await signUpByEmail(page, e2e.stack.url, email, PASSWORD);

    await page.goto(`${e2e.stack.url}/settings`);
    await page.getByRole("heading", { name: "Sign-in and Contact" }).waitFor();
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    // Setting it up asks for the password afresh (the contact form on the same page has its own field).
    await page.locator("#totp-current-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    const secret = ((await page.locator("code.setup-key").textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByRole("link", { name: "this setup link" }).getAttribute("href")).toContain(
      `secret=${secret}`,
    );
    // The QR code is drawn in the page and loads under the web origin's real Content-Security-Policy.
    const qr = page.getByRole("img", { name: "QR code to scan with your authenticator app" });
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    const enabledAt = Date.now();
    await page.getByLabel("Code from the app").fill(totp(secret, enabledAt));
    await screenshot(page, "mfa-setup");
    await page.getByRole("button", { name: "Turn On" }).click();
    await page.getByText("On: sign-in asks for a code from your authenticator app.").waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${e2e.stack.url}/`, { timeout: 15_000 });
    expect((await context.cookies()).some((c) => c.name === "lg_session")).toBe(false);

    await page.goto(`${e2e.stack.url}/signin`);
    await page.getByLabel("Email or phone number").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Enter the code from your authenticator app" }).waitFor();
    // The password alone opens no session.
    expect((await context.cookies()).some((c) => c.name === "lg_session")).toBe(false);

    // A code from ten minutes ago, as a phone with a wrong clock would show.
    await page.getByLabel("Authenticator code").fill(totp(secret, Date.now() - 600_000));
    await page.getByRole("button", { name: "Verify and Sign In" }).click();
    await page.getByText("That code is not right. Enter the current code from your authenticator app.").waitFor();
    await screenshot(page, "mfa-wrong-code");
    expect(new URL(page.url()).pathname).toBe("/signin");
    expect((await context.cookies()).some((c) => c.name === "lg_session")).toBe(false);

    await page.getByLabel("Authenticator code").fill(await codeAfter(secret, enabledAt));
    await page.getByRole("button", { name: "Verify and Sign In" }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
    expect(await page.getByText("Demo mode").count()).toBe(0);
    await page.getByRole("button", { name: "Logout" }).waitFor();
    expect((await context.cookies()).some((c) => c.name === "lg_session")).toBe(true);
    await context.close();
  });
});
