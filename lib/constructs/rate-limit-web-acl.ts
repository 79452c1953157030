import { ArnFormat, RemovalPolicy, Stack } from "aws-cdk-lib";
import * as logs from "aws-cdk-lib/aws-logs";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";
import { justify } from "../compliance/justify.js";
import { logGroupKey } from "./stack-keys.js";

/** At most `limit` requests per source address in five minutes, to paths starting with `pathPrefixes` (else all). */
export interface RateRule {
  name: string;
  limit: number;
  pathPrefixes?: readonly string[];
}

/** WAF's evaluation window for the rules below: what Retry-After promises. */
const WINDOW_SECONDS = 300;
const RATE_LIMITED_BODY = "rate-limited";

/**
 * The edge rate limits of docs/architecture.md "Limits" (per source address), in front of the
 * table-backed limits the handlers apply per account and per source. Requests over a limit get
 * 429 with Retry-After and the product's JSON error format.
 */
export const EDGE_RATE_RULES: readonly RateRule[] = [
  { name: "sign-in-and-codes", limit: 100, pathPrefixes: ["/api/login", "/api/auth/"] },
  { name: "demo-profiles", limit: 100, pathPrefixes: ["/api/demo/profile"] },
  { name: "api", limit: 3000, pathPrefixes: ["/api/"] },
  { name: "everything", limit: 6000 },
];

/** Cognito's public sign-up, code and sign-in calls, reachable with the app client id alone. */
export const USER_POOL_RATE_RULES: readonly RateRule[] = [{ name: "cognito-per-source", limit: 300 }];

export interface RateLimitWebAclProps {
  /** CLOUDFRONT web ACLs must be created in us-east-1; REGIONAL ones protect regional resources. */
  scope: "CLOUDFRONT" | "REGIONAL";
  name: string;
  rules: readonly RateRule[];
}

const startsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: "STARTS_WITH",
    searchString: prefix,
    textTransformations: [{ priority: 0, type: "NONE" }],
  },
});

function scopeDown(prefixes: readonly string[] | undefined): wafv2.CfnWebACL.StatementProperty | undefined {
  if (!prefixes || prefixes.length === 0) return undefined;
  if (prefixes.length === 1) return startsWith(prefixes[0] as string);
  return { orStatement: { statements: prefixes.map(startsWith) } };
}

/** A WAFv2 web ACL of rate-based rules (per source IP) that allows everything else. */
export class RateLimitWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitWebAclProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    this.webAcl = new wafv2.CfnWebACL(this, "WebAcl", {
      name: props.name,
      scope: props.scope,
      // WAFv2 allows letters, digits, spaces and _+=:#@/-,. only in a description.
      description: "LikenessGuard rate limits per source address, see docs/architecture.md Limits",
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      customResponseBodies: {
        [RATE_LIMITED_BODY]: {
          contentType: "APPLICATION_JSON",
          content: JSON.stringify({ message: "Too many requests from your address. Try again in 5 minutes." }),
        },
      },
      rules: props.rules.map((rule, priority) => {
        const down = scopeDown(rule.pathPrefixes);
        return {
          name: rule.name,
          priority,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: RATE_LIMITED_BODY,
                responseHeaders: [{ name: "retry-after", value: String(WINDOW_SECONDS) }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: rule.limit,
              aggregateKeyType: "IP",
              evaluationWindowSec: WINDOW_SECONDS,
              ...(down ? { scopeDownStatement: down } : {}),
            },
          },
          visibilityConfig: visibility(`${props.name}-${rule.name}`),
        };
      }),
    });
    justify(this.webAcl, {
      checkov: ["CKV_AWS_192"],
      reason:
        "Nothing behind these web ACLs runs Java or Log4j (Node.js handlers, static files from S3, Cognito), so the Log4j rule group would cost capacity and per-request fees for no protection; the ACLs limit request rates.",
    });
    this.logBlockedRequests(props.name);
  }

  /**
   * Requests a rule blocked, kept a year: which address hit which limit, where and when. The
   * cookie and authorization headers and the query string are redacted, so no session id or
   * one-time link reaches the log.
   */
  private logBlockedRequests(name: string) {
    const logGroupName = `aws-waf-logs-${name}`;
    new logs.LogGroup(this, "BlockedRequests", {
      logGroupName,
      retention: logs.RetentionDays.ONE_YEAR,
      encryptionKey: logGroupKey(this),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, "Logging", {
      resourceArn: this.webAcl.attrArn,
      // WAF takes the log group's ARN without the ":*" that LogGroup.logGroupArn ends with.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: "logs",
          resource: "log-group",
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [
        { singleHeader: { Name: "cookie" } },
        { singleHeader: { Name: "authorization" } },
        { queryString: {} },
      ],
      loggingFilter: {
        DefaultBehavior: "DROP",
        Filters: [
          { Behavior: "KEEP", Requirement: "MEETS_ANY", Conditions: [{ ActionCondition: { Action: "BLOCK" } }] },
        ],
      },
    });
    logging.node.addDependency(this.node.findChild("BlockedRequests"));
  }
}
