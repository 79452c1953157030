/**
 * `npm run fit:fusion [-- --train DIR]`: fits how the learned picture detectors' readings combine
 * into one synthetic probability (packages/detection/src/fusion-model.json), from the held-out
 * readings `npm run fit:image` leaves in .cache/synthetic-image/out-of-fold.json. What is fitted,
 * on what, and how: @lg/fitting/fusion/fit.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fitFusion } from "@lg/fitting/fusion/fit";
import { repoRoot } from "@lg/fitting/paths";

const { values } = parseArgs({
  options: { train: { type: "string", default: path.resolve(repoRoot, "../shared/train") } },
});

await fitFusion({ trainDir: path.resolve(values.train) });
