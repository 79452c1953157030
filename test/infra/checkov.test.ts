import { join } from "node:path";
import { type App, Stack } from "aws-cdk-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { type CheckovResults, runCheckov } from "../../scripts/compliance/checkov.js";
import { synthesizedStage } from "./synth-app.js";

/** Every template of the stage's app, as `cdk synth` writes them. */
function templatesOf(stage: string): string[] {
  const stacks = synthesizedStage(stage);
  const app = stacks.service.node.root as App;
  return app.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .map((stack) => join(app.outdir, stack.templateFile));
}

describe.each(["dev", "prod"])("checkov on every template of stage %s", (stage) => {
  let templates: string[];
  let results: CheckovResults;
  beforeAll(() => {
    // The first run installs checkov from PyPI (about 100 s on this machine) before it checks anything.
    templates = templatesOf(stage);
    results = runCheckov(templates);
  }, 600_000);

  it("reads every stack's template and finds resources in each", () => {
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const files = new Set([...results.passed, ...results.skipped].map((c) => c.file_path));
    expect(files.size).toBe(templates.length);
  });

  it("fails no check: each finding is fixed, or skipped next to its resource with a reason", () => {
    expect(results.failed.map((c) => `${c.check_id} ${c.check_name} at ${c.file_path} ${c.resource}`)).toEqual([]);
  });

  it("gives every skip a reason an auditor can weigh", () => {
    for (const skip of results.skipped) {
      const comment = skip.check_result.suppress_comment ?? "";
      expect(comment.length, `${skip.check_id} at ${skip.resource}`).toBeGreaterThan(40);
    }
  });
});
