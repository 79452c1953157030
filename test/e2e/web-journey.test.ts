/**
 * The web app against the whole local stack in a real browser: sign-up with the emailed code,
 * the signed-in dashboard and settings, sign-out and sign-in, the status page, and an axe check
 * (including colour contrast, which jsdom cannot compute) on the main routes.
 */
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalStack, startLocalStack } from "../../local/src/stack.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const dist = path.join(repoRoot, "frontend/dist");
const PASSWORD = "Correct-horse-9";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let stack: LocalStack;
let browser: Browser;
let page: Page;
let dataDir: string;

const mainNav = () => page.getByRole("navigation", { name: "Main" });

async function latestCode(to: string): Promise<string> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to.includes(to))?.text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

async function seriousViolations(): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  // Runs in the page: axe is global there, and `document` is the page's document.
  const violations = await page.evaluate(async () => {
    const scope = globalThis as unknown as { axe: typeof import("axe-core"); document: unknown };
    const result = await scope.axe.run(scope.document as import("axe-core").ElementContext);
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  return violations;
}

beforeAll(async () => {
  if (!existsSync(path.join(dist, "index.html"))) execSync("npm run build:web", { cwd: repoRoot, stdio: "inherit" });
  dataDir = mkdtempSync(path.join(tmpdir(), "lg-e2e-web-"));
  stack = await startLocalStack({ dataDir, port: 0, distDir: dist });
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--headless"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("web app on the local stack", () => {
  it("shows the landing page and the live status of every service, with no serious axe violation", async () => {
    await page.goto(`${stack.url}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await seriousViolations()).toEqual([]);
    await page.goto(`${stack.url}/status`);
    await page.getByRole("heading", { name: "System Status" }).waitFor();
    await page.locator("tbody tr").first().waitFor();
    expect(await page.locator("tbody tr").count()).toBeGreaterThan(0);
  });

  it("signs up with the emailed code, lands signed in on onboarding, and reaches the dashboard and settings", async () => {
    const email = `web-${Date.now()}@example.com`;
    await page.goto(`${stack.url}/signup`);
    await page.getByRole("button", { name: "Sign up with Email" }).click();
    await page.getByLabel("Email address", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByLabel("Verification code", { exact: true }).waitFor();
    await page.getByLabel("Verification code", { exact: true }).fill(await latestCode(email));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Account Created" }).waitFor();
    await page.waitForURL(/\/onboarding$/, { timeout: 15_000 });
    await page.getByText("Step 1 of 5").waitFor();

    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
    await mainNav().getByRole("link", { name: "Settings" }).waitFor();
    expect(await page.getByText("Demo mode").count()).toBe(0);
    expect(await seriousViolations()).toEqual([]);

    await mainNav().getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Privacy Settings" }).waitFor();
    await page.getByLabel("30 days", { exact: true }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Settings saved").waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForLoadState("load");
    await page.goto(`${stack.url}/dashboard`);
    await page.getByText("Demo mode").waitFor();

    await page.goto(`${stack.url}/api/login?next=/settings`);
    await page.getByLabel("Email or phone number", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole("heading", { name: "Privacy Settings" }).waitFor();
    expect(await page.getByLabel("30 days", { exact: true }).isChecked()).toBe(true);
  });
});
