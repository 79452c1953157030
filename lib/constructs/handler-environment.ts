import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONTEXT_ENVS } from "../../lambdas/src/shared/contexts.js";
import type { EnvName } from "../../lambdas/src/shared/env.js";
import { repoRoot } from "../paths.js";

const lambdasSrc = join(repoRoot, "lambdas/src");
const SPECIFIER = /(?:from\s+|import\s*\(\s*)"((?:\.{1,2}\/|@lg\/lambdas\/)[^"]+)"/g;

const resolveImport = (from: string, specifier: string): string | undefined => {
  const path = specifier.startsWith("@lg/lambdas/")
    ? join(lambdasSrc, `${specifier.slice("@lg/lambdas/".length)}.ts`)
    : resolve(dirname(from), specifier).replace(/\.js$/, ".ts");
  return existsSync(path) ? path : undefined;
};

/** The Lambda modules a handler entry imports, directly or not (type-only imports count too). */
function modulesReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [join(repoRoot, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = specifier ? resolveImport(file, specifier) : undefined;
      if (target) queue.push(target);
    }
  }
  return seen;
}

/** The contexts (lambdas/src/shared/<context>/env.ts) whose composition a handler entry imports. */
export function contextsOf(entry: string) {
  const reached = modulesReachedFrom(entry);
  return Object.entries(CONTEXT_ENVS)
    .filter(([file]) => reached.has(join(repoRoot, file)))
    .map(([, env]) => env);
}

/**
 * The names the contexts a handler imports cannot start without, and only those: a function that
 * never reaches the biometrics context is not told the biometric bucket.
 */
export function requiredNamesOf(entry: string): EnvName[] {
  return [...new Set(contextsOf(entry).flatMap((context) => context.required))];
}
