import type { CrawlItem } from "@lg/domain/crawl/crawl-service";
import { cpuSecondsWithExitedChildren } from "./cpu-time.js";

/** What one crawled item cost the analysing function, measured alone. */
export interface ItemCost {
  url: string;
  /** What the item carries: a picture, a recording or a video (the simulator's scenario says). */
  kind: string;
  /** Some enrolled face or voice matched, so the costly synthetic-media signals ran. */
  matched: boolean;
  /** Wall time of the whole analysis of the item, the gallery's statements included. */
  wallSeconds: number;
  /** CPU of this process and its exited children (ffmpeg), the gallery's statements included. */
  cpuSeconds: number;
  /** Time Postgres spent on the item's gallery statements: in AWS, Aurora's, not the function's. */
  gallerySeconds: number;
  galleryStatements: number;
}

/**
 * Analyses each item by itself in this process, as one Lambda environment does one item of its
 * batch, so each item's time is its own: nothing else runs meanwhile (the local stack's stand-ins
 * answer in this process too, as the remote services would).
 */
export async function measureItems(
  items: readonly CrawlItem[],
  analyse: (item: CrawlItem) => Promise<{ matched: boolean }>,
  gallery: { seconds(): number; statements(): number },
  kindOf: (item: CrawlItem) => string,
): Promise<ItemCost[]> {
  const costs: ItemCost[] = [];
  for (const item of items) {
    const galleryBefore = { seconds: gallery.seconds(), statements: gallery.statements() };
    const cpuBefore = cpuSecondsWithExitedChildren();
    const started = performance.now();
    const { matched } = await analyse(item);
    costs.push({
      url: item.url,
      kind: kindOf(item),
      matched,
      wallSeconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuSecondsWithExitedChildren() - cpuBefore,
      gallerySeconds: gallery.seconds() - galleryBefore.seconds,
      galleryStatements: gallery.statements() - galleryBefore.statements,
    });
  }
  return costs;
}

/**
 * Each item's fastest of several passes (by CPU time): other work on a shared machine only ever adds
 * time, so the least measured is the nearest to the item's own cost.
 */
export function fastestPerItem(passes: readonly ItemCost[][]): ItemCost[] {
  const fastest = new Map<string, ItemCost>();
  for (const pass of passes)
    for (const cost of pass) {
      const best = fastest.get(cost.url);
      if (!best || cost.cpuSeconds < best.cpuSeconds) fastest.set(cost.url, cost);
    }
  return [...fastest.values()];
}

const mean = (xs: number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Per-item means, for all items and for unmatched and matched ones apart. */
export function summariseItemCosts(costs: readonly ItemCost[]) {
  const of = (subset: readonly ItemCost[]) => ({
    items: subset.length,
    wallSeconds: mean(subset.map((c) => c.wallSeconds)),
    cpuSeconds: mean(subset.map((c) => c.cpuSeconds)),
    gallerySeconds: mean(subset.map((c) => c.gallerySeconds)),
    // The function's own work: what stays in Lambda when the gallery is Aurora.
    analysisCpuSeconds: mean(subset.map((c) => Math.max(0, c.cpuSeconds - c.gallerySeconds))),
    galleryStatements: mean(subset.map((c) => c.galleryStatements)),
  });
  const unmatched = costs.filter((c) => !c.matched);
  return {
    all: of(costs),
    unmatched: of(unmatched),
    matched: of(costs.filter((c) => c.matched)),
    /** Unmatched items by what they carry: a picture, a recording and a video cost very differently. */
    unmatchedByKind: Object.fromEntries(
      [...new Set(unmatched.map((c) => c.kind))]
        .sort()
        .map((kind) => [kind, of(unmatched.filter((c) => c.kind === kind))]),
    ),
  };
}

export type ItemCostSummary = ReturnType<typeof summariseItemCosts>;

/** A per-item mean at a matched share other than the one measured: unmatched plus share x (matched - unmatched). */
export function atMatchedShare(
  summary: ItemCostSummary,
  share: number,
  key: "wallSeconds" | "cpuSeconds" | "analysisCpuSeconds" | "galleryStatements",
) {
  const { unmatched, matched } = summary;
  if (matched.items === 0) return unmatched[key];
  return unmatched[key] + share * (matched[key] - unmatched[key]);
}
