/**
 * `npm run fit:image [-- --train DIR --cache DIR --limit N --features-only --only ai-image|face-synthetic]`:
 * fits the learned synthetic-picture heads (packages/detection/src/synthetic-image/*-head.json).
 * What is fitted, on what, and how: @lg/fitting/image-detectors/fit.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fitImageDetectors } from "@lg/fitting/image-detectors/fit";
import { repoRoot } from "@lg/fitting/paths";

const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    cache: { type: "string", default: path.join(repoRoot, ".cache/synthetic-image") },
    limit: { type: "string" },
    "features-only": { type: "boolean", default: false },
    /** Refit one head only: ai-image or face-synthetic. */
    only: { type: "string" },
  },
});

await fitImageDetectors({
  trainDir: path.resolve(values.train),
  cacheDir: path.resolve(values.cache),
  ...(values.limit ? { limit: Number(values.limit) } : {}),
  featuresOnly: values["features-only"],
  ...(values.only ? { only: values.only } : {}),
});
