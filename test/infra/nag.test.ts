import type { Stack } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks, HIPAASecurityChecks, NIST80053R5Checks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { beforeAll, describe, expect, it } from "vitest";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import { synthesizedStage } from "./synth-app.js";

const STACKS = ["auth", "data", "service", "edge"] as const;

/** A stage's stack by name; the edge stack exists unless the stage brings its own web ACL. */
function stackOf(stacks: LikenessGuardStacks, name: (typeof STACKS)[number]): Stack {
  const stack = stacks[name];
  if (!stack) throw new Error(`stage has no ${name} stack`);
  return stack;
}
const ACKNOWLEDGED = "aws:cdk:acknowledged-rules";

/** The packs bin/app.ts runs: AWS Solutions, NIST 800-53 rev. 5 and HIPAA Security. */
const PACKS = {
  AwsSolutions: () => new AwsSolutionsChecks(),
  "NIST.800.53.R5": () => new NIST80053R5Checks(),
  "HIPAA.Security": () => new HIPAASecurityChecks(),
};

function unacknowledgedFindings(stack: Stack, pack: keyof typeof PACKS): string[] {
  return PACKS[pack]()
    .validateScope(stack)
    .violations.map(
      (v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(", ")}`,
    );
}

function acknowledgements(scope: IConstruct): { path: string; id: string; reason: string }[] {
  return scope.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === ACKNOWLEDGED)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, unknown>).map(([id, value]) => ({
          path: c.node.path,
          id,
          reason: typeof value === "string" ? value : String((value as { reason?: unknown }).reason ?? ""),
        })),
      ),
  );
}

describe.each(["dev", "prod"])("cdk-nag AwsSolutions, NIST 800-53 rev. 5 and HIPAA Security on stage %s", (stage) => {
  let stacks: LikenessGuardStacks;
  beforeAll(() => {
    stacks = synthesizedStage(stage);
  });

  it.each(
    STACKS.flatMap((name) => (Object.keys(PACKS) as (keyof typeof PACKS)[]).map((pack) => [name, pack] as const)),
  )("the %s stack has zero unacknowledged %s errors and warnings", (name, pack) => {
    expect(unacknowledgedFindings(stackOf(stacks, name), pack)).toEqual([]);
  });

  it.each(STACKS)("the %s stack carries no AwsSolutions annotations", (name) => {
    const annotations = Annotations.fromStack(stackOf(stacks, name));
    expect(annotations.findError("*", Match.stringLikeRegexp("AwsSolutions-.*"))).toEqual([]);
    expect(annotations.findWarning("*", Match.stringLikeRegexp("AwsSolutions-.*"))).toEqual([]);
  });

  it("acknowledges findings on resources, never on a whole stack, and always with a reason", () => {
    for (const name of STACKS) {
      const stack = stackOf(stacks, name);
      const found = acknowledgements(stack);
      // The edge stack holds only a web ACL, which has nothing to acknowledge.
      if (name !== "edge") expect(found.length).toBeGreaterThan(0);
      for (const a of found) {
        // CDK itself acknowledges this one on the stack whenever a construct (the gallery's VPC) reads
        // the stack's availability zones: literal AZs are what it chose.
        if (a.id === "CloudFormation-Validate::W3010") continue;
        expect(a.path, a.id).not.toBe(stack.node.path);
        expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThan(40);
      }
    }
  });
});

describe("prod stage keeps personal data", () => {
  let stacks: LikenessGuardStacks;
  beforeAll(() => {
    stacks = synthesizedStage("prod");
  });

  it("retains the table with deletion protection, the buckets, the keys and the user pool", () => {
    const data = Template.fromStack(stacks.data);
    data.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Retain",
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    for (const [, bucket] of Object.entries(data.findResources("AWS::S3::Bucket"))) {
      expect(bucket.DeletionPolicy).toBe("Retain");
    }
    for (const [, key] of Object.entries(data.findResources("AWS::KMS::Key")))
      expect(key.DeletionPolicy).toBe("Retain");
    Template.fromStack(stacks.auth).hasResource("AWS::Cognito::UserPool", {
      DeletionPolicy: "Retain",
      Properties: Match.objectLike({ DeletionProtection: "ACTIVE" }),
    });
  });

  it("protects the stateful stacks from termination", () => {
    expect(stacks.data.terminationProtection).toBe(true);
    expect(stacks.auth.terminationProtection).toBe(true);
  });
});
