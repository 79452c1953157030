import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_GROUPS } from "../../../lambdas/src/api/routes.js";
import { EXECUTION_STATUS_HANDLERS, SCHEDULED_JOBS, WORKFLOW_TASKS } from "../../../lambdas/src/workflows/tasks.js";
import { repoRoot } from "../../../lib/paths.js";
import {
  graph,
  importsIn,
  importsOf,
  lambdasRoot,
  reachableFrom,
  resolveRelative,
  sharedRoot,
  tsFiles,
} from "../../support/lambda-import-graph.js";

/**
 * The composition root (lambdas/src/shared) wires one module per bounded context, each importing
 * only the contexts below it. A cycle there once had to be broken with dynamic imports, and made
 * every function load every context on a cold start; these tests keep the wiring one-directional.
 */
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

/** The shared modules an entry loads, by their path in lambdas/src/shared without ".ts" ("accounts/services"). */
const sharedModulesOf = (entry: string) =>
  [...reachableFrom(entry)]
    .filter((file) => file.startsWith(`${sharedRoot}/`))
    .map((file) => relative(sharedRoot, file).replace(/\.ts$/, ""));

describe("the composition root's wiring", () => {
  it("has no import cycle among the Lambda modules", () => {
    expect(cyclesIn(graph).map((cycle) => cycle.map(name).join(" -> "))).toEqual([]);
  });

  it("builds AWS SDK clients only in shared/aws/clients.ts, for handlers and the local stack's set-up alike", () => {
    const clientsModule = join(sharedRoot, "aws/clients.ts");
    const builders = [...tsFiles(lambdasRoot), ...tsFiles(join(repoRoot, "local/src"))]
      .filter((file) => file !== clientsModule)
      .filter((file) => /new (?!SafeHttp)[A-Z][A-Za-z0-9]*Client\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(repoRoot, file));
    expect(builders).toEqual([]);
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
    expect(signIn).toEqual(expect.arrayContaining(["accounts/services", "http/actor"]));
    const unusedBySignIn = ["billing/services", "scanning/services", "takedowns/services", "enrolment/services"];
    // The detection models' wrappers: their packages take the longest to load.
    for (const unused of [...unusedBySignIn, "biometrics/detection-analyser", "analysis/likeness-analyser"])
      expect(signIn, `the sign-in function loads ${unused}`).not.toContain(unused);

    // Sending notices and alerts needs threat records: not the scan's connectors and detection,
    // nor the image codec the app's previews are rendered with.
    for (const entry of [WORKFLOW_TASKS.TakedownSend.entry, SCHEDULED_JOBS.sweepAlertClaims.entry]) {
      expect(sharedModulesOf(entry), entry).toContain("threats/services");
      expect(sharedModulesOf(entry), entry).not.toContain("scanning/services");
      expect(sharedModulesOf(entry), entry).not.toContain("threat-queries/services");
    }
    expect(sharedModulesOf(SCHEDULED_JOBS.settleBillingPeriods.entry)).not.toContain("people/services");
    expect(sharedModulesOf(EXECUTION_STATUS_HANDLERS.reconcileScan.entry)).not.toContain("erasure/services");
  });
});
