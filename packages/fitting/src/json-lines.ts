/**
 * The fits' feature caches: one JSON object a line, appended as each file is read, so an
 * interrupted run keeps what it computed.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";

/**
 * Every entry of a JSON-lines cache, in file order; none when the file does not exist yet. A line
 * an interrupted run cut short (every entry is an object, so a whole line ends with "}") is
 * skipped, and its file read again.
 */
export async function readJsonLines<T>(file: string): Promise<T[]> {
  if (!existsSync(file)) return [];
  return (await readFile(file, "utf8"))
    .split("\n")
    .filter((line) => line.endsWith("}"))
    .map((line) => JSON.parse(line) as T);
}
