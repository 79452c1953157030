import { readFileSync } from "node:fs";
import path from "node:path";

/** The shared labelled data, read by path (never copied into the repo); LG_DATA_DIR overrides. */
export const dataDir = process.env.LG_DATA_DIR ?? path.resolve(import.meta.dirname, "../../../../shared/data");

export const dataFile = (relative: string): Uint8Array => new Uint8Array(readFileSync(path.join(dataDir, relative)));
