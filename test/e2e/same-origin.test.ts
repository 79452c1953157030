/**
 * The app works under whatever host name reached it (issue 27), on one public origin (issue 36 item
 * 4): opened as http://127.0.0.1:PORT it moves to http://localhost:PORT (APP_URL, the origin every
 * emailed link, the checkout's return and /config.json name), so the session and every link share an
 * origin; there it calls its API on that same origin, the landing page's live figures load, and
 * sign-up and consent (state-changing calls the origin check guards) go through.
 */
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const e2e = useBrowserStack("same-origin");
let page: Page | undefined;

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) await screenshot(page, `same-origin-failed-${Date.now()}`);
  await page?.context().close();
});

describe.each(["localhost", "127.0.0.1"])("the app opened at http://%s", (host) => {
  const origin = () => {
    const url = new URL(e2e.stack.url);
    url.hostname = host;
    return url.origin;
  };
  const publicOrigin = () => new URL(e2e.stack.url).origin;

  it("calls its API on that origin and shows the live figures", async () => {
    page = await e2e.newPage();
    const apiOrigins = new Set<string>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) apiOrigins.add(url.origin);
    });
    const metrics = page.waitForResponse((r) => r.url().endsWith("/api/system/metrics"));
    await page.goto(`${origin()}/`);
    expect((await metrics).status()).toBe(200);
    await page.getByRole("heading", { name: "Counted from our own records" }).waitFor();
    await page.getByText("People protected").waitFor();
    expect(await page.getByText(/Not measured yet|could not be loaded/).count()).toBe(0);
    expect(new URL(page.url()).origin).toBe(publicOrigin());
    expect([...apiOrigins]).toEqual([publicOrigin()]);
  });

  it("signs up and records consent: the origin check accepts the origin the page came from", async () => {
    page = await e2e.newPage();
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await signUpByEmail(page, origin(), `same-origin-${host}-${Date.now()}@example.com`, "Correct-horse-9");
    await page.getByRole("button", { name: "I Agree" }).click();
    await page.getByText(/✓ You agreed to the processing of your face and voice/).waitFor();
    expect(refused).toEqual([]);
    expect(new URL(page.url()).origin).toBe(publicOrigin());
  });
});
