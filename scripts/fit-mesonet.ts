/**
 * `npm run fit:mesonet [-- --train DIR --cache DIR]`: calibrates the "face-swap-mesonet" signal
 * (packages/detection/src/faceswap/mesonet-calibration.json). What is fitted, on what, and how:
 * @lg/fitting/mesonet/fit.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fitMesonet } from "@lg/fitting/mesonet/fit";
import { repoRoot } from "@lg/fitting/paths";

const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    cache: { type: "string", default: path.join(repoRoot, ".cache/mesonet") },
  },
});

await fitMesonet({ trainDir: path.resolve(values.train), cacheDir: path.resolve(values.cache) });
