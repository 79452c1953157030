/**
 * Measures an NPR-style upsampling signal (`npx tsx scripts/measure-npr.ts`, issue 25): a logistic
 * head on the neighbouring-pixel residual statistics of npr-features.ts, fitted from scratch on
 * ../shared/train's pictures (images/, gan-faces/) and measured leaving one generator out at a time
 * (the genuine pictures dealt across the folds by file), alone and stacked on the ai-image probe's
 * own held-out readings (.cache/synthetic-image/out-of-fold.json, from npm run fit:image): does it add
 * recall at 1% false positives on generators it never saw? Measured 2026-11-27: alone AUC 0.85 but
 * recall 0.05 at 1% false positives; stacked, AUC 0.941 -> 0.955 yet recall at 1% 0.25 -> 0.05. It
 * adds no evidence where the verdict is decided, so no head ships; this script keeps the measurement
 * repeatable (results in .cache/npr/measurement.json; features cached in .cache/npr/, gitignored;
 * the measurement itself is held-out-generators.ts, shared with measure-frequency.ts).
 */
import { measureAgainstHeldOutGenerators } from "@lg/fitting/held-out-generators";
import { nprFeatures } from "@lg/fitting/npr-features";

await measureAgainstHeldOutGenerators("npr", nprFeatures);
