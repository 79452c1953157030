/**
 * Measures frequency statistics as a synthetic-picture signal (`npx tsx scripts/measure-frequency.ts`,
 * issue 25): a logistic head on the azimuthally averaged power spectrum and the noise residual's
 * spectral peaks (frequency-features.ts), fitted from scratch on ../shared/train's pictures and
 * measured exactly as measure-npr.ts measures NPR (held-out-generators.ts): one generator left out at
 * a time, alone and stacked on the ai-image probe's own held-out readings, at 1% genuine false
 * positives. Measured 2026-11-27: alone AUC 0.75, recall 0.04 at 1% false positives; stacked, AUC
 * 0.9725 -> 0.9573 and recall at 1% 0.536 -> 0.571 (90 -> 96 of 168, all ComfyUI's, one StyleGAN2
 * face lost; 3 of 311 genuine flagged both). Not a clear gain where the verdict is decided, so no head
 * ships (docs/detection.md). Results in .cache/frequency/measurement.json; features cached in
 * .cache/frequency/ (gitignored).
 */
import { frequencyFeatures } from "@lg/fitting/frequency-features";
import { measureAgainstHeldOutGenerators } from "@lg/fitting/held-out-generators";

await measureAgainstHeldOutGenerators("frequency", frequencyFeatures);
