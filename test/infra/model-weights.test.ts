import { Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppFunction } from "../../lib/constructs/app-function.js";
import { pinnedModelFiles } from "../../lib/constructs/model-weights.js";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import {
  ANALYSIS_MODEL_FILES,
  ENROLMENT_MODEL_FILES,
  FACE_MODEL_FILES,
} from "../../packages/detection/src/models/model-sets.js";
import { synthesizedStage } from "./synth-app.js";

let stacks: LikenessGuardStacks;
beforeAll(() => {
  stacks = synthesizedStage("dev");
});

const templateOf = (fn: AppFunction) => Template.fromStack(Stack.of(fn));
const functionProps = (fn: AppFunction) =>
  templateOf(fn).toJSON().Resources[Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnFunction)].Properties;

/** Every function of the stage by name, whichever stack holds it. */
function allFunctions(): [string, AppFunction][] {
  const s = stacks.service;
  return [
    ...Object.entries(s.routes.functions),
    ...Object.entries(s.workflows.tasks),
    ...Object.entries(s.workflows.jobs),
    ...Object.entries(s.workflows.statusHandlers),
    ["afterDeploy", s.migrations.afterDeploy],
  ];
}

const EXPECTED: Record<string, readonly string[]> = {
  ScanAnalyse: ANALYSIS_MODEL_FILES,
  CrawlAnalyse: ANALYSIS_MODEL_FILES,
  AnalysisRun: ANALYSIS_MODEL_FILES,
  biometrics: ENROLMENT_MODEL_FILES,
  demo: ENROLMENT_MODEL_FILES,
  afterDeploy: FACE_MODEL_FILES,
};

/** The object ARNs a role may s3:GetObject in the model bucket, as `<sha256>/<file>` keys. */
function modelKeysReadable(fn: AppFunction): string[] {
  const template = templateOf(fn);
  const roleId = Stack.of(fn).getLogicalId(fn.role.node.defaultChild as CfnFunction);
  const policies = template.findResources("AWS::IAM::Policy", {
    Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
  });
  const keys: string[] = [];
  for (const policy of Object.values(policies)) {
    for (const statement of policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]) {
      for (const resource of [statement.Resource].flat()) {
        const text = JSON.stringify(resource);
        if (!text.includes("ModelsBucket")) continue;
        expect(statement.Action).toBe("s3:GetObject");
        const join = (resource as { "Fn::Join": [string, unknown[]] })["Fn::Join"][1];
        keys.push(String(join[join.length - 1]).replace(/^\//, ""));
      }
    }
  }
  return keys.sort();
}

describe("model weights", () => {
  it("live in a private, versioned, encrypted bucket", () => {
    const template = Template.fromStack(stacks.service);
    const buckets = template.findResources("AWS::S3::Bucket", {
      Properties: { VersioningConfiguration: { Status: "Enabled" } },
    });
    const models = Object.entries(buckets).find(([id]) => id.includes("Models"));
    expect(models).toBeDefined();
    const props = models?.[1].Properties;
    expect(props.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(props.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toBeDefined();
  });

  it("reach each detection function as exactly the files it loads, pinned by SHA-256, readable by key", () => {
    const pinned = pinnedModelFiles();
    for (const [name, fn] of allFunctions()) {
      const env = functionProps(fn).Environment.Variables as Record<string, unknown>;
      const expected = EXPECTED[name];
      if (!expected) {
        expect(env.MODEL_FILES, name).toBeUndefined();
        expect(modelKeysReadable(fn), name).toEqual([]);
        continue;
      }
      const files = JSON.parse(env.MODEL_FILES as string) as Record<string, string>;
      expect(Object.keys(files).sort(), name).toEqual([...expected].sort());
      for (const [file, sha256] of Object.entries(files)) expect(sha256, file).toBe(pinned.get(file)?.sha256);
      expect(JSON.stringify(env.MODEL_SOURCE), name).toContain("ModelsBucket");
      expect(modelKeysReadable(fn), name).toEqual(
        Object.entries(files)
          .map(([f, sha]) => `${sha}/${f}`)
          .sort(),
      );
    }
  });

  it("fit in each function's local storage beside Lambda's default 512 MiB", () => {
    const pinned = pinnedModelFiles();
    for (const [name, files] of Object.entries(EXPECTED)) {
      const fn = allFunctions().find(([n]) => n === name)?.[1] as AppFunction;
      const bytes = files.reduce((sum, f) => sum + (pinned.get(f)?.bytes ?? 0), 0);
      expect(functionProps(fn).EphemeralStorage.Size, name).toBeGreaterThanOrEqual(512 + bytes / 2 ** 20);
    }
  });
});
