import { readFileSync } from "node:fs";
import { App, type CfnElement, type NestedStack } from "aws-cdk-lib";
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

/**
 * A nested stack's template value as the service stack sees it: each parameter it refers to replaced
 * by what the service stack passes for it, and its own pseudo parameters marked as its own.
 */
export function asServiceStackSees(stacks: LikenessGuardStacks, nested: NestedStack, value: unknown): unknown {
  const parent = Template.fromStack(stacks.service).toJSON().Resources as Record<
    string,
    { Properties?: { Parameters?: Record<string, unknown> } }
  >;
  const nestedId = stacks.service.getLogicalId(nested.nestedStackResource as CfnElement);
  const passed = parent[nestedId]?.Properties?.Parameters ?? {};
  const substitute = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(substitute);
    if (v && typeof v === "object") {
      const ref = (v as { Ref?: unknown }).Ref;
      if (typeof ref === "string" && ref in passed) return passed[ref];
      // A pseudo parameter in the nested template is the nested stack's own (AWS::StackId differs).
      if (typeof ref === "string" && ref.startsWith("AWS::")) return { [`${nestedId}.${ref}`]: "nested stack's own" };
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substitute(x)]));
    }
    return v;
  };
  return substitute(value);
}
