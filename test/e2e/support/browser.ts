import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/** What every browser e2e file needs: the built app, Debian's Chromium, codes, axe and screenshots. */

export const repoRoot = path.resolve(import.meta.dirname, "../../..");
export const distDir = path.join(repoRoot, "frontend/dist");
/** Git-ignored: screenshots of each screen a journey visits, for people to look at. */
export const artifactsDir = path.join(repoRoot, "test-artifacts/e2e");
/** The narrowest phone width the app supports. */
export const NARROW_WIDTH = 360;

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The app and the face and voice paths it imports in zero-knowledge mode: all come from `npm run build:web`. */
export function ensureWebBuilt(): void {
  const built = ["index.html", "face-browser/face-browser.js", "voice-browser/voice-browser.js"].every((file) =>
    existsSync(path.join(distDir, file)),
  );
  if (!built) execSync("npm run build:web", { cwd: repoRoot, stdio: "inherit" });
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--headless", ...extraArgs],
  });
}

/** The newest 6-digit code the outbox holds for this address. */
export async function latestCode(stackUrl: string, to: string): Promise<string> {
  const { messages } = (await (await fetch(`${stackUrl}/outbox/api/messages`)).json()) as {
    messages: { to: string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to.includes(to))?.text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the local origin sends the app's CSP, which refuses inline scripts.
  await page.evaluate(axeSource);
  // Runs in the page: axe is global there, and `document` is the page's document.
  return page.evaluate(async () => {
    const scope = globalThis as unknown as { axe: typeof import("axe-core"); document: unknown };
    const result = await scope.axe.run(scope.document as import("axe-core").ElementContext);
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/** Saves the whole page as test-artifacts/e2e/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/**
 * Shows the page 360 px wide, saves <name>-360.png, and returns how far the page overflows
 * sideways (0 when nothing needs horizontal scrolling); the viewport is restored afterwards.
 */
export async function narrowScreenshot(page: Page, name: string): Promise<number> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: NARROW_WIDTH, height: 800 });
  try {
    await screenshot(page, `${name}-${NARROW_WIDTH}`);
    return await page.evaluate(
      (width) =>
        Math.max(
          0,
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth - width,
        ),
      NARROW_WIDTH,
    );
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/**
 * Signs up by email with the code from the outbox and waits for the signed-in onboarding page;
 * with `shots`, saves <shots>-details, <shots>-verify and <shots>-onboarding.
 */
export async function signUpByEmail(page: Page, stackUrl: string, email: string, password: string, shots?: string) {
  await page.goto(`${stackUrl}/signup`);
  await page.getByRole("button", { name: "Sign up with Email" }).click();
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (shots) await screenshot(page, `${shots}-details`);
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await page.getByLabel("Verification code", { exact: true }).waitFor();
  await page.getByLabel("Verification code", { exact: true }).fill(await latestCode(stackUrl, email));
  if (shots) await screenshot(page, `${shots}-verify`);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("heading", { name: "Account Created" }).waitFor();
  await page.waitForURL(/\/onboarding$/, { timeout: 15_000 });
  await page.getByText(/^Step 1 of \d+$/).waitFor();
  if (shots) await screenshot(page, `${shots}-onboarding`);
}
