import type { Page } from "playwright-core";

/** A picture counts as blank when fewer than this share of its pixels is brighter than near-black. */
const MIN_LIT_SHARE = 0.05;
const NEAR_BLACK = 32;

type RowPicture = { state: "loading" } | { state: "ok"; what: string } | { state: "bad"; why: string };

/**
 * What one row's picture shows, read in the page: a decoded image with visible content (drawn to a
 * canvas: the thumbnail is same-origin, so its pixels can be read) or a placeholder whose label
 * says why there is none. An undecoded, zero-size or all-black image is what issue 27 item 5 saw.
 */
function readRowPicture(thumb: unknown, limits: { minLitShare: number; nearBlack: number }): RowPicture {
  type El = {
    classList: { contains(c: string): boolean };
    getAttribute(n: string): string | null;
    textContent: string | null;
    querySelector(s: string): El | null;
    complete?: boolean;
    naturalWidth?: number;
    naturalHeight?: number;
  };
  type Ctx = {
    drawImage(i: unknown, x: number, y: number): void;
    getImageData(...a: number[]): { data: Uint8ClampedArray };
  };
  const doc = (
    globalThis as unknown as {
      document: { createElement(t: string): { width: number; height: number; getContext(k: string): Ctx | null } };
    }
  ).document;
  const el = thumb as El;
  if (el.classList.contains("thumb-none")) {
    const label = el.getAttribute("aria-label") ?? "";
    const shown = (el.textContent ?? "").trim();
    return label && shown === label
      ? { state: "ok", what: `placeholder: ${label}` }
      : { state: "bad", why: `placeholder without a label ("${shown}")` };
  }
  const img = el.querySelector("img");
  if (!img) return { state: "bad", why: "neither a picture nor a placeholder" };
  if (!img.complete) return { state: "loading" };
  const width = img.naturalWidth ?? 0;
  const height = img.naturalHeight ?? 0;
  if (width === 0 || height === 0) return { state: "bad", why: `picture not decoded: ${img.getAttribute("src")}` };
  const canvas = doc.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return { state: "bad", why: "no canvas to read the picture" };
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, width, height);
  let lit = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.max(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) > limits.nearBlack) lit++;
  }
  const share = lit / (width * height);
  return share >= limits.minLitShare
    ? { state: "ok", what: `picture ${width}x${height}` }
    : { state: "bad", why: `picture is all black: ${img.getAttribute("src")}` };
}

/**
 * Every threat row on the page (single threats and group rows) scrolled into view in turn, waited
 * for, and judged: each must show a decoded picture that is not all black, or a labelled placeholder
 * saying why there is none. Returns one line per row that fails ("<row title>: <why>"), so a test
 * asserts an empty list; `seen` receives what each row showed.
 */
export async function threatRowsWithoutPicture(page: Page, seen: string[] = [], timeoutMs = 20_000): Promise<string[]> {
  const rows = page.locator("li.threat-row, li.threat-group");
  const count = await rows.count();
  if (count === 0) return ["no threat rows on the page"];
  const problems: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const title = ((await row.locator("h3").first().textContent()) ?? `row ${i + 1}`).trim();
    await row.scrollIntoViewIfNeeded();
    const thumb = row.locator(".thumb").first();
    if ((await thumb.count()) === 0) {
      problems.push(`${title}: no picture or placeholder`);
      continue;
    }
    const deadline = Date.now() + timeoutMs;
    let picture: RowPicture = { state: "loading" };
    while (Date.now() < deadline) {
      picture = await thumb.evaluate(readRowPicture, { minLitShare: MIN_LIT_SHARE, nearBlack: NEAR_BLACK });
      if (picture.state !== "loading") break;
      await page.waitForTimeout(100);
    }
    if (picture.state === "ok") seen.push(`${title}: ${picture.what}`);
    else problems.push(`${title}: ${picture.state === "bad" ? picture.why : "picture still loading"}`);
  }
  // Back to the top, so a full-page screenshot after the check is not cut by the sticky header.
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  return problems;
}
