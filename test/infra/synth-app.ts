import { readFileSync } from "node:fs";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { loadStageConfig, type StageConfig } from "../../lib/config.js";
import { buildLikenessGuard, type LikenessGuardStacks } from "../../lib/likenessguard.js";
import { fromRoot } from "../../lib/paths.js";

const cdkContext = (JSON.parse(readFileSync(fromRoot("cdk.json"), "utf8")) as { context: Record<string, unknown> })
  .context;

/** Stage configs exactly as cdk.json defines them. */
export function stageFromCdkJson(stage: string): StageConfig {
  return loadStageConfig({ stages: cdkContext.stages, stage });
}

/**
 * Builds every stack of a stage with cdk.json's feature flags, as `cdk synth` would, but without
 * bundling Lambda code (tests read templates, not bundles).
 */
export function buildApp(
  config: StageConfig,
  context: Record<string, string> = {},
): { app: App; stacks: LikenessGuardStacks } {
  const app = new App({
    context: { ...cdkContext, ...context, stage: config.stage, "aws:cdk:bundling-stacks": [] },
    // CDK's built-in CloudFormation rule engine costs minutes of CPU per synth; `cdk synth` still
    // runs it, the tests check what they assert plus cdk-nag.
    builtinCloudFormationValidation: false,
  });
  return { app, stacks: buildLikenessGuard(app, config) };
}

const synthesized = new Map<string, LikenessGuardStacks>();

/** A stage's stacks, synthesized once per test file however many suites read them. */
export function synthesizedStage(stage: string): LikenessGuardStacks {
  let stacks = synthesized.get(stage);
  if (!stacks) {
    const built = buildApp(stageFromCdkJson(stage));
    built.app.synth();
    stacks = built.stacks;
    synthesized.set(stage, stacks);
  }
  return stacks;
}

/**
 * The service stack and its nested stacks (the API's route groups, the workflows) read as one
 * template, for assertions about the service whichever of its stacks holds a resource. Logical IDs
 * are those of each resource's own template.
 */
export function serviceTemplate(stacks: LikenessGuardStacks): Template {
  const parts = [stacks.service, stacks.service.apiStack, stacks.service.workflowsStack].map(
    (stack) => Template.fromStack(stack).toJSON() as { Resources: Record<string, unknown> },
  );
  return Template.fromJSON(
    { Resources: Object.assign({}, ...parts.map((t) => t.Resources)) },
    { skipCyclicalDependenciesCheck: true },
  );
}
