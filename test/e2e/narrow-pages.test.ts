/**
 * No page scrolls sideways on a 390 px phone (issue 36 item 19: the takedown centre was 889 px wide,
 * the status page 540 px). Public pages as a visitor, then the signed-in pages of a new account.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PHONE_WIDTH = 390;
const PUBLIC = [
  "/",
  "/pricing",
  "/features",
  "/status",
  "/privacy",
  "/terms",
  "/dmca-policy",
  "/compliance",
  "/signup",
];
const SIGNED_IN = ["/dashboard", "/takedowns", "/settings", "/people", "/team", "/onboarding"];

const e2e = useBrowserStack("narrow-pages", { taskWorkers: 0 });
let page: Page;

beforeAll(async () => {
  page = await e2e.newPage();
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
});

afterAll(async () => {
  await page?.context().close();
});

/** The part of the page's DOM this test reads (the test project's types have no DOM library). */
interface PageDocument {
  documentElement: { scrollWidth: number };
  body: {
    querySelectorAll(selector: string): Iterable<{
      getBoundingClientRect(): { right: number };
      tagName: string;
      className: unknown;
    }>;
  };
}

/** How far the page reaches past the viewport's right edge, and the widest element doing it. */
async function overflow(path: string): Promise<{ path: string; by: number; widest: string }> {
  await page.goto(`${e2e.stack.url}${path}`);
  await page.waitForLoadState("load");
  await page.locator("h1").first().waitFor();
  await screenshot(page, `narrow-${path.replace(/\W+/g, "-") || "landing"}-${PHONE_WIDTH}`);
  return page.evaluate(
    ({ width, where }) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      let widest = "";
      let right = width;
      for (const element of doc.body.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if (box.right > right + 0.5) {
          right = box.right;
          widest = `${element.tagName.toLowerCase()}.${String(element.className).split(" ").join(".")}`;
        }
      }
      return { path: where, by: Math.max(0, doc.documentElement.scrollWidth - width), widest };
    },
    { width: PHONE_WIDTH, where: path },
  );
}

describe(`every page fits a ${PHONE_WIDTH} px phone`, () => {
  it("public pages do not scroll sideways", async () => {
    const results = [];
    for (const path of PUBLIC) results.push(await overflow(path));
    expect(results.filter((r) => r.by > 0)).toEqual([]);
  });

  it("signed-in pages do not scroll sideways", async () => {
    await signUpByEmail(page, e2e.stack.url, `narrow-${Date.now()}@example.com`, "Correct-horse-9");
    const results = [];
    for (const path of SIGNED_IN) results.push(await overflow(path));
    expect(results.filter((r) => r.by > 0)).toEqual([]);
  });
});
