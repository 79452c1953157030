import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { Stack } from "aws-cdk-lib";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import { PROBED_NAMES } from "../../lambdas/src/api/system/service-probes.js";
import { CONTEXT_ENVS } from "../../lambdas/src/shared/contexts.js";
import { AppFunction } from "../../lib/constructs/app-function.js";
import { repoRoot } from "../../lib/paths.js";
import { lambdasRoot, reachableFrom } from "../support/lambda-import-graph.js";
import { synthesizedStage } from "./synth-app.js";

/** Every context environment file under lambdas/src (lambdas/src/shared/env.ts defines the names, it is none). */
const envFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return envFiles(path);
    return entry.name === "env.ts" && path !== join(lambdasRoot, "shared/env.ts") ? [relative(repoRoot, path)] : [];
  });

let functions: AppFunction[];

beforeAll(() => {
  functions = synthesizedStage("dev")
    .service.node.findAll()
    .filter((c): c is AppFunction => c instanceof AppFunction);
}, 300_000);

const environmentOf = (fn: AppFunction) => {
  const cfn = fn.function.node.defaultChild as CfnFunction;
  const resolved = Stack.of(fn).resolve(cfn.environment) as { variables?: Record<string, unknown> } | undefined;
  return Object.keys(resolved?.variables ?? {});
};

describe("each handler's environment", () => {
  it("lists every context's environment for the CDK side", () => {
    expect(Object.keys(CONTEXT_ENVS).sort()).toEqual(envFiles(lambdasRoot).sort());
  });

  it("holds every name the contexts its entry imports require", () => {
    expect(functions.length).toBeGreaterThan(30);
    for (const fn of functions) {
      // The graph the unit tests read with the TypeScript parser, not the CDK side's own scan of imports.
      const reached = reachableFrom(fn.entry);
      const contexts = Object.entries(CONTEXT_ENVS).filter(([file]) => reached.has(join(repoRoot, file)));
      const required = new Set(contexts.flatMap(([, c]) => c.required));
      const given = environmentOf(fn);
      expect(
        [...required].filter((name) => !given.includes(name)),
        `${fn.node.path} (${fn.entry})`,
      ).toEqual([]);
    }
  });

  it("holds the name of every resource the health probes describe, wherever an entry runs them", () => {
    const probes = join(lambdasRoot, "api/system/service-probes.ts");
    const probing = functions.filter((fn) => reachableFrom(fn.entry).has(probes));
    // GET /api/health and the status probe job.
    expect(probing.map((fn) => fn.entry).sort()).toEqual([
      "lambdas/src/api/system/router.ts",
      "lambdas/src/schedules/probe-status.ts",
    ]);
    for (const fn of probing) {
      const given = environmentOf(fn);
      expect(
        PROBED_NAMES.filter((name) => !given.includes(name)),
        `${fn.node.path} (${fn.entry})`,
      ).toEqual([]);
    }
  });

  it("no longer gives every handler every name", () => {
    const jobs = functions.filter((fn) => fn.entry === "lambdas/src/schedules/probe-status.ts");
    for (const fn of jobs) expect(environmentOf(fn)).not.toContain("USER_POOL_CLIENT_ID");
    const authorizer = functions.find((fn) => fn.entry.endsWith("public-v1/authorizer.ts"));
    expect(authorizer && environmentOf(authorizer)).not.toContain("BIOMETRIC_BUCKET");
  });
});
