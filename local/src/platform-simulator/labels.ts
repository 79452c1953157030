import { readFile } from "node:fs/promises";
import path from "node:path";

export interface LabelledFile {
  path: string;
  kind: "face" | "scene" | "video" | "speech" | "image";
  subjects: string[];
  synthetic: boolean | undefined;
}

/** Reads labels.csv of the shared data folder (no quoted fields in that file). */
export async function readLabels(dataDir: string): Promise<LabelledFile[]> {
  const text = await readFile(path.join(dataDir, "labels.csv"), "utf8");
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [file = "", kind = "", subject = "", synthetic = ""] = line.split(",");
      return {
        path: file,
        kind: kind as LabelledFile["kind"],
        subjects: subject ? subject.split(";") : [],
        synthetic: synthetic === "" ? undefined : synthetic === "1",
      };
    });
}
