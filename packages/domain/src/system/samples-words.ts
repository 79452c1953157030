import type { ModalityFigure } from "./modality-figure.js";

/**
 * The web app shows this beside each figure. It lives apart from public-metrics.ts, which
 * validates the benchmark report with zod: importing it from there put zod (~25 KB gzipped) in
 * every page's first download (bench:web).
 */

/** "175 same-person pairs and 1,655 different-person pairs". */
export function samplesWords(samples: ModalityFigure["samples"]): string {
  return samples.map((s) => `${s.count.toLocaleString("en-US")} ${s.of}`).join(" and ");
}
