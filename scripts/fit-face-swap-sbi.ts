/**
 * Fits the face-swap head on Self-Blended Images (`npm run fit:face-swap-sbi [-- --limit N]`): the
 * flags below, read into packages/fitting/src/face-swap-sbi/fit.ts's options, which says what the fit
 * reads, measures and writes.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fitFaceSwapSbi } from "@lg/fitting/face-swap-sbi/fit";
import { repoRoot } from "@lg/fitting/paths";

const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    data: { type: "string", default: path.resolve(repoRoot, "../shared/data") },
    limit: { type: "string" },
    media: { type: "string", default: "/tmp/lg-sbi-media" },
    // Experiments: sources (regex) scored at the levels but never fitted on; variants (regex) left out.
    "measure-only": { type: "string" },
    "without-variants": { type: "string" },
    "without-sources": { type: "string" },
    "dry-run": { type: "boolean", default: false },
    dump: { type: "string" },
    "features-only": { type: "boolean", default: false },
    // "clip-blocks": also read CLIP's class token after each block of the face crop (the
    // face-synthetic signal's crop and pass) for every row, and compare heads on them (measureBlocks).
    features: { type: "string", default: "residual" },
    // Share (0-1) of ../shared/train's genuine stills kept, by person: bounds the CLIP passes.
    "stills-share": { type: "string" },
    lambdas: { type: "string" },
    sets: { type: "string" },
    // With --features clip-blocks: the set (blocks only) whose head is written to sbi-head.json.
    ship: { type: "string" },
    report: { type: "string" },
  },
});
const { features } = values;
if (features !== "residual" && features !== "clip-blocks")
  throw new Error(`--features is residual or clip-blocks, not ${features}`);
// An empty flag counts as not given, as it always has.
const regex = (flag: string | undefined) => (flag ? new RegExp(flag) : undefined);

await fitFaceSwapSbi({
  repoRoot,
  trainDir: path.resolve(values.train),
  dataDir: path.resolve(values.data),
  mediaDir: path.resolve(values.media),
  limit: values.limit ? Number(values.limit) : undefined,
  stillsShare: values["stills-share"] ? Number(values["stills-share"]) : undefined,
  features,
  featuresOnly: values["features-only"],
  dryRun: values["dry-run"],
  measureOnly: regex(values["measure-only"]),
  withoutVariants: regex(values["without-variants"]),
  withoutSources: regex(values["without-sources"]),
  dump: values.dump,
  lambdas: values.lambdas ? values.lambdas.split(",").map(Number) : undefined,
  sets: values.sets,
  ship: values.ship,
  report: values.report,
});
