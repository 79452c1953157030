/**
 * `npx tsx scripts/measure-rine.ts [-- --train DIR --data DIR --features-only --cached-only --part a|b
 * --logistic SETS --schemes strict,dealt --sets SETS]` (issue 25): measures RINE-style features for
 * the ai-image signal, results in .cache/rine/measurement.json. What is measured, on what, and how:
 * @lg/fitting/rine/measure.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "@lg/fitting/paths";
import { measureRine } from "@lg/fitting/rine/measure";

const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    data: { type: "string", default: path.resolve(repoRoot, "../shared/data") },
    "features-only": { type: "boolean", default: false },
    /** Measure on the pictures already cached (while another run extracts the rest). */
    "cached-only": { type: "boolean", default: false },
    /** Extract one part only, in its own cache file, so two processes can share the work: a or b (the portraits and GAN faces). */
    part: { type: "string" },
    /** Also fit the logistic probe (slow) on these feature sets, comma-separated names. */
    logistic: { type: "string", default: "embeds" },
    /** Fold schemes, comma-separated: strict, dealt. */
    schemes: { type: "string", default: "strict,dealt" },
    /** Ridge feature sets to measure, comma-separated names (all by default). */
    sets: { type: "string" },
  },
});

await measureRine({
  trainDir: path.resolve(values.train),
  dataDir: path.resolve(values.data),
  featuresOnly: values["features-only"],
  cachedOnly: values["cached-only"],
  ...(values.part ? { part: values.part } : {}),
  logistic: values.logistic.split(",").filter(Boolean),
  schemes: values.schemes.split(",") as ("strict" | "dealt")[],
  ...(values.sets ? { sets: values.sets.split(",") } : {}),
});
