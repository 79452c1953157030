import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../lib/paths.js";
import { importsOf, tsFiles } from "../../support/lambda-import-graph.js";

/**
 * Scripts and benchmarks use the packages as any consumer does, through the names their
 * package.json exports (`@lg/detection/media/image`, `@lg/fitting/folds`), never by a relative
 * path into a package's folder: a path into packages/detection/src ties a fit or a benchmark to
 * the package's layout, and bypasses the exports that say what the package offers.
 */
const packagesRoot = join(repoRoot, "packages");

/** Whether a relative specifier written in `file` lands inside one package's folder (packages/<name>/...). */
const landsInPackage = (file: string, specifier: string) =>
  specifier.startsWith(".") && /^[^./][^/]*\//.test(relative(packagesRoot, resolve(file, "..", specifier)));

/** Each import, export-from or import() of `file` that reaches into a package's folder. */
function pathsIntoPackages(file: string): string[] {
  const { static: declared, dynamic } = importsOf(file);
  return [...declared, ...dynamic]
    .filter((specifier) => landsInPackage(file, specifier))
    .map((specifier) => `${relative(repoRoot, file)}: ${specifier}`);
}

describe("scripts' and benchmarks' imports of the workspace packages", () => {
  it("name a package's exports, never a path into its folder", () => {
    const offenders = ["scripts", "bench"].flatMap((dir) => tsFiles(join(repoRoot, dir)).flatMap(pathsIntoPackages));
    expect(offenders).toEqual([]);
  });

  it("catches a relative path into a package's sources, from any depth", () => {
    const into = (from: string, specifier: string) => landsInPackage(join(repoRoot, from), specifier);
    expect(into("bench/x.ts", "../packages/detection/src/media/image.js")).toBe(true);
    expect(into("scripts/training/x.ts", "../../packages/fitting/src/folds.js")).toBe(true);
    expect(into("scripts/x.ts", "../packages/detection/derive/derivations.js")).toBe(true);
    expect(into("bench/x.ts", "./machine.js")).toBe(false);
    expect(into("scripts/x.ts", "../lib/paths.js")).toBe(false);
    expect(into("scripts/x.ts", "@lg/detection/derive/derivations")).toBe(false);
  });
});
