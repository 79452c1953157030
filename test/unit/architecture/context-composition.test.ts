import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../lib/paths.js";
import { importsOf, lambdasRoot, resolveRelative, sharedRoot, tsFiles } from "../../support/lambda-import-graph.js";

/**
 * Each bounded context under lambdas/src/shared/<context>/ is wired by one composition module,
 * services.ts: its once() factories, built from the SDK clients and the context's own env.ts. The
 * http/ and aws/ folders are plumbing, not contexts. Code outside a context takes what the context
 * builds from services.ts, so a reader finds a context's wiring in one file and a handler loads one
 * module per context it uses.
 */
const PLUMBING = new Set(["http", "aws"]);

/**
 * Composition modules kept beside services.ts on purpose, each so a function loads less:
 * the scan's alert handover (finish, reconcile and the claims sweep hand threats to takedowns
 * without the scan's connectors and detection), and the secret sealers (the after-deploy migration
 * re-seals webhook secrets without the webhook context and its environment).
 */
const SEPARATE_COMPOSITION = new Set(["scanning/alert-handover.ts", "integrations/secret-sealers.ts"]);

const contexts = readdirSync(sharedRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !PLUMBING.has(entry.name))
  .map((entry) => entry.name);

/** The files of a context folder that say they compose (their name ends in services.ts). */
const compositionFilesOf = (files: string[]) => files.filter((file) => file.endsWith("services.ts"));

/** Whether a module builds things for the container's lifetime (a once() factory): composition. */
const buildsWithOnce = (text: string) => /\bonce(?:UnlessFailed)?\(/.test(text);

interface Import {
  from: string;
  target: string;
}

/**
 * Imports written outside a context's folder that land on a composition module of it other than
 * services.ts. `read` gives a module's text, so the planted cases below need no files.
 */
function bypassesOfServices(imports: Import[], read: (file: string) => string): string[] {
  return imports
    .filter(({ from, target }) => {
      const inShared = relative(sharedRoot, target);
      const [context, ...rest] = inShared.split("/");
      if (!context || rest.length !== 1 || PLUMBING.has(context) || inShared.startsWith("..")) return false;
      if (dirname(from) === dirname(target)) return false;
      if (rest[0] === "services.ts" || SEPARATE_COMPOSITION.has(inShared)) return false;
      return buildsWithOnce(read(target));
    })
    .map(({ from, target }) => `${relative(repoRoot, from)} -> ${relative(repoRoot, target)}`);
}

/** Every relative or @lg/lambdas import (static or dynamic) of the code that uses the contexts. */
const importsOutsideTests = (): Import[] =>
  [lambdasRoot, join(repoRoot, "local/src"), join(repoRoot, "scripts"), join(repoRoot, "bench")]
    .flatMap(tsFiles)
    .flatMap((from) => {
      const { static: declared, dynamic } = importsOf(from);
      return [...declared, ...dynamic].flatMap((specifier) => {
        const target = resolveRelative(from, specifier);
        return target ? [{ from, target }] : [];
      });
    });

describe("the composition of each bounded context", () => {
  it("is one services.ts per context folder", () => {
    expect(contexts.length).toBeGreaterThan(10);
    const offenders = contexts.flatMap((context) => {
      const files = readdirSync(join(sharedRoot, context));
      return compositionFilesOf(files)
        .filter((file) => file !== "services.ts")
        .map((file) => `${context}/${file}`);
    });
    expect(offenders).toEqual([]);
  });

  it("is reached from outside a context only through its services.ts", () => {
    expect(bypassesOfServices(importsOutsideTests(), (file) => readFileSync(file, "utf8"))).toEqual([]);
  });

  it("catches a second services file and an import around services.ts", () => {
    // The checks above pass vacuously if they looked at nothing: plant one of each.
    expect(compositionFilesOf(["services.ts", "env.ts", "team-services.ts"])).toEqual([
      "services.ts",
      "team-services.ts",
    ]);
    const handler = join(lambdasRoot, "api/team/invite.ts");
    const at = (path: string) => join(sharedRoot, path);
    const texts: Record<string, string> = {
      [at("accounts/team.ts")]: "export const teamStore = once(() => new DynamoTeamStore());",
      [at("accounts/services.ts")]: "export const accountStore = once(() => new DynamoAccountStore());",
      [at("biometrics/detection-analyser.ts")]: "export class DetectionAnalyser {}",
      [at("scanning/alert-handover.ts")]: "export const alertOutbox = once(() => new DynamoAlertOutbox());",
    };
    const read = (file: string) => texts[file] ?? "";
    const imports = Object.keys(texts).map((target) => ({ from: handler, target }));
    expect(bypassesOfServices(imports, read)).toEqual([
      "lambdas/src/api/team/invite.ts -> lambdas/src/shared/accounts/team.ts",
    ]);
    // Within its own folder services.ts composes the context's modules freely.
    expect(bypassesOfServices([{ from: at("accounts/services.ts"), target: at("accounts/team.ts") }], read)).toEqual(
      [],
    );
  });
});
