import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The labelled media folders the calibrations, the benchmark and the local platform simulator
 * read (../shared/data and any folder holding a labels.csv in its form: path, kind, subject,
 * synthetic, declared_source). Development-time only: no handler imports this. Fits and benchmarks
 * find the folder with @lg/fitting/paths' labelledDataDir.
 */

export interface LabelledFile {
  path: string;
  kind: "face" | "scene" | "video" | "speech" | "image";
  /** Who is in it; several people are separated by ";". */
  subjects: string[];
  /** undefined when the file does not say. */
  synthetic: boolean | undefined;
  declaredSource: string;
}

/** Reads labels.csv by its header's column names (no quoted fields in that format). */
export async function readLabels(dataDir: string): Promise<LabelledFile[]> {
  const [header = "", ...lines] = (await readFile(path.join(dataDir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const columns = header.split(",");
  const column = (name: string) => {
    const at = columns.indexOf(name);
    if (at < 0 && name !== "declared_source") throw new Error(`labels.csv in ${dataDir} has no "${name}" column`);
    return at;
  };
  const [file, kind, subject, synthetic, declared] = ["path", "kind", "subject", "synthetic", "declared_source"].map(
    column,
  ) as [number, number, number, number, number];
  return lines.map((line) => {
    const cells = line.split(",");
    const cell = (at: number) => (at < 0 ? "" : (cells[at] ?? ""));
    return {
      path: cell(file),
      kind: cell(kind) as LabelledFile["kind"],
      subjects: cell(subject) ? cell(subject).split(";") : [],
      synthetic: cell(synthetic) === "" ? undefined : cell(synthetic) === "1",
      declaredSource: cell(declared),
    };
  });
}
