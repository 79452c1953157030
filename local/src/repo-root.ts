import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, so entries from the route and task tables ("lambdas/src/...") resolve anywhere. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
