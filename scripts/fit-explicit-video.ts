/**
 * `npm run fit:explicit-video [-- --data DIR --train DIR --media DIR --out FILE]`: fits the
 * explicit-content video rule (packages/detection/src/explicit/video-rule.json) and measures its
 * false-positive rate on genuine footage held out of the fit. What is fitted, on what, and how:
 * @lg/fitting/explicit-video/fit.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fitExplicitVideo } from "@lg/fitting/explicit-video/fit";
import { repoRoot } from "@lg/fitting/paths";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: path.resolve(repoRoot, "../shared/data") },
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    media: { type: "string", default: "/tmp/lg-explicit-video-media" },
    out: { type: "string", default: path.join(repoRoot, "packages/detection/src/explicit/video-rule.json") },
  },
});

await fitExplicitVideo({
  dataDir: path.resolve(values.data),
  trainDir: path.resolve(values.train),
  mediaDir: path.resolve(values.media),
  outFile: values.out,
});
