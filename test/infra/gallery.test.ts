import { Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppFunction } from "../../lib/constructs/app-function.js";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import { serviceTemplate, synthesizedStage } from "./synth-app.js";

let dev: LikenessGuardStacks;
let prod: LikenessGuardStacks;
beforeAll(() => {
  dev = synthesizedStage("dev");
  prod = synthesizedStage("prod");
});

const functionsOf = (stacks: LikenessGuardStacks): [string, AppFunction][] => [
  ...Object.entries(stacks.service.routes.functions),
  ...Object.entries(stacks.service.workflows.tasks),
  ...Object.entries(stacks.service.workflows.jobs),
  ...Object.entries(stacks.service.workflows.statusHandlers),
  ["afterDeploy", stacks.service.migrations.afterDeploy],
];

function environmentOf(stacks: LikenessGuardStacks, fn: AppFunction): Record<string, unknown> {
  const id = Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnFunction);
  return serviceTemplate(stacks).toJSON().Resources[id].Properties.Environment.Variables;
}

function statementsOf(stacks: LikenessGuardStacks, fn: AppFunction) {
  const roleId = Stack.of(fn).getLogicalId(fn.role.node.defaultChild as CfnFunction);
  const policies = serviceTemplate(stacks).findResources("AWS::IAM::Policy", {
    Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
  });
  return Object.values(policies).flatMap(
    (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
  );
}

describe("gallery database", () => {
  it("is Aurora PostgreSQL Serverless v2 with the Data API, encrypted with the biometric key, sized by the stage", () => {
    const data = Template.fromStack(dev.data);
    data.hasResourceProperties("AWS::RDS::DBCluster", {
      Engine: "aurora-postgresql",
      EngineVersion: Match.stringLikeRegexp("^1[67]\\."),
      EnableHttpEndpoint: true,
      EnableIAMDatabaseAuthentication: true,
      StorageEncrypted: true,
      KmsKeyId: { "Fn::GetAtt": [dev.data.getLogicalId(dev.data.biometricKey.node.defaultChild as never), "Arn"] },
      ServerlessV2ScalingConfiguration: { MinCapacity: 0.5, MaxCapacity: 4 },
      Port: 5438,
      DatabaseName: "gallery",
    });
    data.hasResourceProperties("AWS::RDS::DBInstance", { DBInstanceClass: "db.serverless" });
    Template.fromStack(prod.data).hasResourceProperties("AWS::RDS::DBCluster", {
      DeletionProtection: true,
      ServerlessV2ScalingConfiguration: { MinCapacity: 2, MaxCapacity: 64 },
    });
  });

  it("sits in isolated subnets: no internet gateway, no NAT, no inbound rule", () => {
    const data = Template.fromStack(dev.data);
    data.resourceCountIs("AWS::EC2::InternetGateway", 0);
    data.resourceCountIs("AWS::EC2::NatGateway", 0);
    data.resourceCountIs("AWS::EC2::SecurityGroupIngress", 0);
    data.hasResourceProperties("AWS::EC2::FlowLog", { TrafficType: "REJECT" });
  });

  it("is reached over the Data API by the functions that write samples, the crawl's and the scan's matching, the health check, the migration and the erasure and review jobs only, none in a VPC", () => {
    const users = functionsOf(dev)
      .filter(([, fn]) => statementsOf(dev, fn).some((s) => [s.Action].flat().includes("rds-data:ExecuteStatement")))
      .map(([name]) => name)
      .sort();
    // ScanAnalyse matches found media against the account's registered image hashes; the two jobs
    // finish erasures and settle face reviews, which remove gallery rows.
    expect(users).toEqual([
      "CrawlAnalyse",
      "CrawlPlan",
      "ScanAnalyse",
      "account",
      "afterDeploy",
      "biometrics",
      "profile",
      "resolveFaceReviews",
      "resumeErasures",
      "system",
    ]);
    const service = serviceTemplate(dev).toJSON().Resources as Record<
      string,
      { Type: string; Properties: Record<string, unknown> }
    >;
    for (const resource of Object.values(service))
      if (resource.Type === "AWS::Lambda::Function") expect(resource.Properties.VpcConfig).toBeUndefined();
    // Only ExecuteStatement: no batches, no transactions.
    for (const [, fn] of functionsOf(dev)) {
      const actions = statementsOf(dev, fn).flatMap((s) => [s.Action].flat());
      expect(actions.filter((a) => a.startsWith("rds-data:") && a !== "rds-data:ExecuteStatement")).toEqual([]);
    }
  });

  it("signs the health check in as the read-only user, and only the migration may set that user's password", () => {
    const { routes, migrations } = dev.service;
    const secretOf = (fn: AppFunction) => JSON.stringify(environmentOf(dev, fn).GALLERY_SECRET_ARN);
    expect(secretOf(routes.functions.system)).toContain("ReaderSecret");
    // The crawl only compares: it signs in as the user that may only SELECT.
    expect(secretOf(dev.service.workflows.tasks.CrawlAnalyse)).toContain("ReaderSecret");
    expect(secretOf(dev.service.workflows.tasks.CrawlPlan)).toContain("ReaderSecret");
    expect(secretOf(dev.service.workflows.tasks.ScanAnalyse)).toContain("ReaderSecret");
    for (const name of ["account", "biometrics", "profile"] as const)
      expect(secretOf(routes.functions[name]), name).not.toContain("ReaderSecret");
    expect(JSON.stringify(environmentOf(dev, migrations.afterDeploy).GALLERY_READER_SECRET_ARN)).toContain(
      "ReaderSecret",
    );
  });
});
