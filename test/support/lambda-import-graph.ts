import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { repoRoot } from "../../lib/paths.js";

/**
 * The Lambda modules' import graph (lambdas/src), read from the sources: the composition tests
 * check its shape, the infra tests which contexts' environment a function's entry reaches.
 */
export const lambdasRoot = join(repoRoot, "lambdas/src");
export const sharedRoot = join(lambdasRoot, "shared");

export const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

export interface ModuleImports {
  /** Relative specifiers of import and export-from declarations, type-only ones included. */
  static: string[];
  /** Relative specifiers of import() calls. */
  dynamic: string[];
}

export function importsIn(file: string, text: string): ModuleImports {
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

export const importsOf = (file: string) => importsIn(file, readFileSync(file, "utf8"));

/**
 * "./x.js" from lambdas/src/shared/y.ts is lambdas/src/shared/x.ts, and so is the package's own
 * "@lg/lambdas/shared/x" (lambdas/package.json exports); other packages are outside the graph.
 */
export const resolveRelative = (from: string, specifier: string) => {
  if (specifier.startsWith(".")) return resolve(dirname(from), specifier).replace(/\.js$/, ".ts");
  if (specifier.startsWith("@lg/lambdas/")) return join(lambdasRoot, `${specifier.slice("@lg/lambdas/".length)}.ts`);
  return undefined;
};

export const graph = new Map<string, string[]>(
  tsFiles(lambdasRoot).map((file) => [
    file,
    importsOf(file)
      .static.map((s) => resolveRelative(file, s))
      .filter((target): target is string => target !== undefined),
  ]),
);

/** Every module an entry (a path from the repository root) imports, directly or not, itself included. */
export function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [join(repoRoot, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.get(file) ?? []));
  }
  return seen;
}
