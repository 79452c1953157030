import { Stack } from "aws-cdk-lib";
import { Match, type Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppFunction } from "../../lib/constructs/app-function.js";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import { serviceTemplate, synthesizedStage } from "./synth-app.js";

let stacks: LikenessGuardStacks;
let service: Template;

beforeAll(() => {
  stacks = synthesizedStage("dev");
  service = serviceTemplate(stacks);
});

const logicalId = (fn: AppFunction) => Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnFunction);
const roleLogicalId = (fn: AppFunction) => Stack.of(fn).getLogicalId(fn.role.node.defaultChild as CfnFunction);

describe("scan reconciliation (issue 16.3)", () => {
  it("routes the scan machine's FAILED, TIMED_OUT and ABORTED executions, and only those, to the reconcile function", () => {
    const { workflows } = stacks.service;
    const rules = service.findResources("AWS::Events::Rule", {
      Properties: { EventPattern: { source: ["aws.states"] } },
    });
    expect(Object.keys(rules)).toHaveLength(1);
    const [rule] = Object.values(rules);
    expect(rule?.Properties.EventPattern).toEqual({
      source: ["aws.states"],
      "detail-type": ["Step Functions Execution Status Change"],
      detail: {
        status: ["FAILED", "TIMED_OUT", "ABORTED"],
        stateMachineArn: [
          { Ref: Stack.of(workflows).getLogicalId(workflows.machines.scan.node.defaultChild as never) },
        ],
      },
    });
    expect(rule?.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { "Fn::GetAtt": [logicalId(workflows.statusHandlers.reconcileScan), "Arn"] },
        RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: 8 }),
      }),
    ]);
  });

  it("lets only that rule invoke the reconcile function", () => {
    const reconcile = stacks.service.workflows.statusHandlers.reconcileScan;
    const [ruleId] = Object.keys(
      service.findResources("AWS::Events::Rule", { Properties: { EventPattern: { source: ["aws.states"] } } }),
    );
    const permissions = Object.values(
      service.findResources("AWS::Lambda::Permission", {
        Properties: { FunctionName: { "Fn::GetAtt": [logicalId(reconcile), "Arn"] } },
      }),
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]?.Properties).toMatchObject({
      Action: "lambda:InvokeFunction",
      Principal: "events.amazonaws.com",
      SourceArn: { "Fn::GetAtt": [ruleId, "Arn"] },
    });
  });

  it("gives the reconcile function what Finish needs and nothing to start scans with", () => {
    const reconcile = stacks.service.workflows.statusHandlers.reconcileScan;
    const policies = service.findResources("AWS::IAM::Policy", {
      Properties: { Roles: Match.arrayWith([{ Ref: roleLogicalId(reconcile) }]) },
    });
    const statements = Object.values(policies).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toEqual(expect.arrayContaining(["dynamodb:PutItem", "dynamodb:DeleteItem", "ses:SendEmail"]));
    const starts = statements.filter((s) => [s.Action].flat().includes("states:StartExecution"));
    expect(JSON.stringify(starts)).toContain("takedown");
    expect(JSON.stringify(starts)).not.toMatch(/-scan"/);
    expect(actions).not.toContain("states:StopExecution");
    expect(actions.some((a) => a.startsWith("s3:"))).toBe(false);
  });
});
