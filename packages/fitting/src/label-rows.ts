import { readFile } from "node:fs/promises";
import path from "node:path";

/** One row of a labels.csv: the cell under a column, "" where the row or the header has none. */
export type LabelRow = (column: string) => string;

/**
 * The rows of DIR/labels.csv (../shared/train's: path, kind, synthetic, system, subject, split,
 * source_repo, ...), read by the header's column names. The format has no quoted fields.
 */
export async function readLabelRows(dir: string): Promise<LabelRow[]> {
  const [header = "", ...lines] = (await readFile(path.join(dir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const columns = header.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return (column) => cells[columns.indexOf(column)] ?? "";
  });
}
