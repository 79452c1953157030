import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: entries, ASL files and the frontend build are addressed from here. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const fromRoot = (...parts: string[]) => resolve(repoRoot, ...parts);
