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
/**
 * The signed-in dashboard at 390 px with a full page of threats, its list collapsed to 5 and its
 * filters folded: measured 4,969 px, footer included (12,651 expanded), 2026-11-29. (4,576 was read
 * before the footer rendered; whole, the page was 5,338 px with the filters open.)
 */
const DASHBOARD_MAX_HEIGHT = 5500;

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

  it("the dashboard with a full page of threats shows 5 and a button for the rest, so it is not a 9,800 px scroll", async () => {
    // A full first page (25 threats), as the account had: the list's answer, the rest real.
    const at = new Date().toISOString();
    const items = Array.from({ length: 25 }, (_, i) => ({
      id: `thr_${i + 1}`,
      threatType: "likeness_misuse",
      severity: "medium",
      confidence: 99,
      matchModality: "face",
      synthetic: "no-evidence",
      platform: "youtube",
      url: `https://youtube.example/watch?v=${i + 1}`,
      title: `Your face used without consent ${i + 1}`,
      status: "active",
      createdAt: at,
      updatedAt: at,
      sightingsCount: 1,
      groups: {},
      noPicture: "evidence-not-kept",
      allowedActions: ["false_positive", "dismiss", "takedown"],
    }));
    await page.route(/\/api\/threats(\?|$)/, (route) =>
      route.fulfill({ json: { items, nextCursor: "more", total: 40 } }),
    );
    await page.goto(`${e2e.stack.url}/dashboard`);
    const showAll = page.getByRole("button", { name: "Show all 25 threats" });
    await showAll.waitFor();
    // The whole page, footer included: measured before it rendered, the page read 760 px shorter.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).waitFor();
    const height = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document
            .documentElement.scrollHeight,
      );
    const collapsed = await height();
    await screenshot(page, `narrow-dashboard-25-threats-${PHONE_WIDTH}`);
    await showAll.click();
    await page.getByRole("button", { name: "Show the first 5 threats only" }).waitFor();
    const expanded = await height();
    console.info(`dashboard at ${PHONE_WIDTH} px with 25 threats: ${collapsed} px collapsed, ${expanded} px expanded`);
    expect(collapsed).toBeLessThan(expanded);
    expect(collapsed).toBeLessThanOrEqual(DASHBOARD_MAX_HEIGHT);
    await page.unroute(/\/api\/threats(\?|$)/);
  });
});
