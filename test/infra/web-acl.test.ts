import { Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppFunction } from "../../lib/constructs/app-function.js";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import { asServiceStackSees, synthesizedStage } from "./synth-app.js";

let stacks: LikenessGuardStacks;
const logicalIdOf = (fn: AppFunction) => Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnFunction);
beforeAll(() => {
  stacks = synthesizedStage("dev");
});

/** The rate-based rules of a web ACL as { name, limit, paths }. */
function rateRules(template: Template, scope: "CLOUDFRONT" | "REGIONAL") {
  const acls = Object.values(template.findResources("AWS::WAFv2::WebACL", { Properties: { Scope: scope } }));
  expect(acls).toHaveLength(1);
  const rules = acls[0]?.Properties.Rules as {
    Name: string;
    Action: { Block?: { CustomResponse?: { ResponseCode: number; ResponseHeaders: { Name: string }[] } } };
    Statement: {
      RateBasedStatement: {
        Limit: number;
        AggregateKeyType: string;
        ScopeDownStatement?: {
          ByteMatchStatement?: { SearchString: string };
          OrStatement?: { Statements: { ByteMatchStatement: { SearchString: string } }[] };
        };
      };
    };
  }[];
  return rules.map((r) => {
    const down = r.Statement.RateBasedStatement.ScopeDownStatement;
    const paths = down?.OrStatement
      ? down.OrStatement.Statements.map((s) => s.ByteMatchStatement.SearchString)
      : down?.ByteMatchStatement
        ? [down.ByteMatchStatement.SearchString]
        : [];
    return {
      name: r.Name,
      limit: r.Statement.RateBasedStatement.Limit,
      key: r.Statement.RateBasedStatement.AggregateKeyType,
      paths,
      status: r.Action.Block?.CustomResponse?.ResponseCode,
      retryAfter: r.Action.Block?.CustomResponse?.ResponseHeaders.some((h) => h.Name === "retry-after"),
    };
  });
}

describe("WAF rate limits", () => {
  it("puts CloudFront's web ACL in a us-east-1 stack, with per-address limits on sign-in, codes, demo profiles and the API", () => {
    const edge = stacks.edge;
    expect(edge?.region).toBe("us-east-1");
    const rules = rateRules(Template.fromStack(edge!), "CLOUDFRONT");
    for (const rule of rules) {
      expect(rule).toMatchObject({ key: "IP", status: 429, retryAfter: true });
    }
    const limitOf = (path: string) =>
      Math.min(
        ...rules.filter((r) => r.paths.length === 0 || r.paths.some((p) => path.startsWith(p))).map((r) => r.limit),
      );
    expect(limitOf("/api/login")).toBeLessThanOrEqual(100);
    expect(limitOf("/api/auth/confirm")).toBeLessThanOrEqual(100);
    expect(limitOf("/api/auth/resend")).toBeLessThanOrEqual(100);
    expect(limitOf("/api/demo/profile")).toBeLessThanOrEqual(100);
    expect(limitOf("/api/threats")).toBeLessThanOrEqual(3000);
    expect(limitOf("/index.html")).toBeLessThan(Number.POSITIVE_INFINITY);
  });

  it("attaches that web ACL to the distribution", () => {
    const service = Template.fromStack(stacks.service);
    const [distribution] = Object.values(service.findResources("AWS::CloudFront::Distribution"));
    expect(distribution?.Properties.DistributionConfig.WebACLId).toBeDefined();
    // The ARN comes from the edge stack across regions, not from a hand-kept setting.
    expect(JSON.stringify(distribution?.Properties.DistributionConfig.WebACLId)).toMatch(/CrossRegion|Fn::GetAtt/);
  });

  it("tells the API each viewer's own address, which per-source limits key on", () => {
    const service = Template.fromStack(stacks.service);
    const [distribution] = Object.values(service.findResources("AWS::CloudFront::Distribution"));
    const api = (
      (distribution?.Properties.DistributionConfig.CacheBehaviors ?? []) as {
        PathPattern: string;
        FunctionAssociations?: { EventType: string; FunctionARN: { "Fn::GetAtt": string[] } }[];
      }[]
    ).find((b) => b.PathPattern === "/api/*");
    const association = api?.FunctionAssociations?.find((f) => f.EventType === "viewer-request");
    const fnId = association?.FunctionARN["Fn::GetAtt"][0] ?? "";
    const code = service.toJSON().Resources[fnId]?.Properties.FunctionCode as string;
    expect(code).toContain("r.headers['x-lg-viewer-address'] = { value: event.viewer.ip }");
  });

  it("lets only requests that came through CloudFront state a viewer address", () => {
    const service = Template.fromStack(stacks.service);
    const [distribution] = Object.values(service.findResources("AWS::CloudFront::Distribution"));
    const origins = distribution?.Properties.DistributionConfig.Origins as {
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    const api = origins.find((o) => o.CustomOriginConfig);
    const verify = api?.OriginCustomHeaders?.find((h) => h.HeaderName === "x-lg-origin-verify")?.HeaderValue;
    expect(verify).toBeDefined();
    // The route groups are in a nested stack: their value, with the parameters the service stack passes it.
    for (const [group, fn] of Object.entries(stacks.service.routes.functions)) {
      const env = Template.fromStack(stacks.service.apiStack).toJSON().Resources[logicalIdOf(fn)]?.Properties
        .Environment.Variables;
      expect(asServiceStackSees(stacks, stacks.service.apiStack, env?.ORIGIN_VERIFY), group).toEqual(verify);
    }
  });

  it("limits Cognito's public calls per address with a regional web ACL on the user pool", () => {
    const auth = Template.fromStack(stacks.auth);
    expect(rateRules(auth, "REGIONAL").length).toBeGreaterThan(0);
    const [poolId] = Object.keys(auth.findResources("AWS::Cognito::UserPool"));
    auth.hasResourceProperties("AWS::WAFv2::WebACLAssociation", {
      ResourceArn: { "Fn::GetAtt": [poolId, "Arn"] },
      WebACLArn: Match.anyValue(),
    });
  });
});
