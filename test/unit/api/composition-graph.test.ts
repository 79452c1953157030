import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROUTE_GROUPS } from "../../../lambdas/src/api/routes.js";
import { EXECUTION_STATUS_HANDLERS, SCHEDULED_JOBS, WORKFLOW_TASKS } from "../../../lambdas/src/workflows/tasks.js";
import { repoRoot } from "../../../lib/paths.js";

/**
 * The composition root (lambdas/src/shared) wires one module per bounded context, each importing
 * only the contexts below it. A cycle there once had to be broken with dynamic imports, and made
 * every function load every context on a cold start; these tests keep the wiring one-directional.
 */
const lambdasRoot = join(repoRoot, "lambdas/src");
const sharedRoot = join(lambdasRoot, "shared");

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

interface ModuleImports {
  /** Relative specifiers of import and export-from declarations, type-only ones included. */
  static: string[];
  /** Relative specifiers of import() calls. */
  dynamic: string[];
}

function importsIn(file: string, text: string): ModuleImports {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ModuleImports = { static: [], dynamic: [] };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.static.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      // A computed specifier could name a sibling too: counted, so it fails below as a relative one would.
      found.dynamic.push(specifier && ts.isStringLiteralLike(specifier) ? specifier.text : "./<computed>");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const importsOf = (file: string) => importsIn(file, readFileSync(file, "utf8"));

/**
 * "./x.js" from lambdas/src/shared/y.ts is lambdas/src/shared/x.ts, and so is the package's own
 * "@lg/lambdas/shared/x" (lambdas/package.json exports); other packages are outside the graph.
 */
const resolveRelative = (from: string, specifier: string) => {
  if (specifier.startsWith(".")) return resolve(dirname(from), specifier).replace(/\.js$/, ".ts");
  if (specifier.startsWith("@lg/lambdas/")) return join(lambdasRoot, `${specifier.slice("@lg/lambdas/".length)}.ts`);
  return undefined;
};

const graph = new Map<string, string[]>(
  tsFiles(lambdasRoot).map((file) => [
    file,
    importsOf(file)
      .static.map((s) => resolveRelative(file, s))
      .filter((target): target is string => target !== undefined),
  ]),
);
const name = (file: string) => relative(lambdasRoot, file);

/** Every cycle's path, found by depth-first search (one per back edge). */
function cyclesIn(edges: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const walk = (node: string) => {
    state.set(node, "open");
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) walk(next);
    }
    path.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) walk(node);
  return cycles;
}

function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [join(repoRoot, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.get(file) ?? []));
  }
  return seen;
}
const sharedModulesOf = (entry: string) =>
  [...reachableFrom(entry)].filter((file) => file.startsWith(`${sharedRoot}/`)).map((file) => basename(file, ".ts"));

describe("the composition root's wiring", () => {
  it("has no import cycle among the Lambda modules", () => {
    expect(cyclesIn(graph).map((cycle) => cycle.map(name).join(" -> "))).toEqual([]);
  });

  it("reaches no sibling module through a dynamic import", () => {
    const dynamic = tsFiles(sharedRoot).flatMap((file) =>
      importsOf(file)
        .dynamic.filter((specifier) => resolveRelative(file, specifier) !== undefined)
        .map((specifier) => `${name(file)}: import("${specifier}")`),
    );
    expect(dynamic).toEqual([]);
  });

  it("finds a cycle and a dynamic import when a module has them", () => {
    // The checks above pass vacuously if the parser missed imports: prove they see both kinds.
    const a = join(sharedRoot, "a.ts");
    const b = join(sharedRoot, "b.ts");
    expect(
      cyclesIn(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ).map((c) => c.map(name)),
    ).toEqual([["shared/a.ts", "shared/b.ts", "shared/a.ts"]]);
    const text =
      'import { a } from "./a.js";\nexport * from "./b.js";\nconst c = async () => (await import("./c.js")).c;';
    const d = join(sharedRoot, "d.ts");
    expect(importsIn(d, text)).toEqual({ static: ["./a.js", "./b.js"], dynamic: ["./c.js"] });
    expect(resolveRelative(d, "@lg/lambdas/shared/a")).toBe(resolveRelative(d, "./a.js"));
  });

  it("keeps a function's cold start to the contexts it uses", () => {
    const signIn = sharedModulesOf(ROUTE_GROUPS.auth.entry);
    expect(signIn).toEqual(expect.arrayContaining(["accounts-services", "actor"]));
    const unusedBySignIn = ["billing-services", "scanning-services", "takedown-services", "enrolment-services"];
    // The detection models' wrappers: their packages take the longest to load.
    for (const unused of [...unusedBySignIn, "detection-analyser", "likeness-analyser"])
      expect(signIn, `the sign-in function loads ${unused}`).not.toContain(unused);

    // Sending notices and alerts needs threat records: not the scan's connectors and detection,
    // nor the image codec the app's previews are rendered with.
    for (const entry of [WORKFLOW_TASKS.TakedownSend.entry, SCHEDULED_JOBS.sweepAlertClaims.entry]) {
      expect(sharedModulesOf(entry), entry).toContain("threat-services");
      expect(sharedModulesOf(entry), entry).not.toContain("scanning-services");
      expect(sharedModulesOf(entry), entry).not.toContain("threat-query-services");
    }
    expect(sharedModulesOf(SCHEDULED_JOBS.settleBillingPeriods.entry)).not.toContain("people-services");
    expect(sharedModulesOf(EXECUTION_STATUS_HANDLERS.reconcileScan.entry)).not.toContain("erasure-services");
  });
});
