import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root: fits read ../shared beside it and cache under its .cache/ (gitignored). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** LG_DATA_DIR, else ../shared/data beside the repository. */
export function labelledDataDir(): string {
  return path.resolve(repoRoot, process.env.LG_DATA_DIR ?? "../shared/data");
}
