import { USAGE_ATTRIBUTES } from "@lg/domain/system/usage-figures";
import { tableDesign } from "@lg/domain/table/index";
import { type CfnElement, type NestedStack, Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_GROUPS, ROUTES, type RouteGroup } from "../../lambdas/src/api/routes.js";
import {
  SCHEDULED_JOBS,
  STATE_MACHINES,
  WORKFLOW_TASKS,
  type WorkflowTask,
} from "../../lambdas/src/workflows/tasks.js";
import type { AppFunction } from "../../lib/constructs/app-function.js";
import { webSecurityHeaders } from "../../lib/constructs/content-security-policy.js";
import type { WebhookQueues } from "../../lib/constructs/webhook-delivery.js";
import { referencedTasks, type ScanScheduling } from "../../lib/constructs/workflows.js";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import { FACE_MODEL_FILES } from "../../packages/detection/src/models/model-sets.js";
import { asServiceStackSees, serviceTemplate, synthesizedStage } from "./synth-app.js";

let stacks: LikenessGuardStacks;
let data: Template;
let auth: Template;
let service: Template;

beforeAll(() => {
  stacks = synthesizedStage("dev");
  data = Template.fromStack(stacks.data);
  auth = Template.fromStack(stacks.auth);
  service = serviceTemplate(stacks);
});

const logicalId = (fn: AppFunction) => Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnFunction);
/** What a trigger's HandlerArn names of the function it invokes (a published version of it): its id less the hash. */
const invokedFunctionId = (fn: AppFunction) => logicalId(fn).slice(0, -8);
const roleLogicalId = (fn: AppFunction) => Stack.of(fn).getLogicalId(fn.role.node.defaultChild as CfnFunction);

/** Every action granted to a function's role, over all its policies. */
interface GrantStatement {
  Action: string | string[];
  Condition?: Record<string, unknown>;
}

function grantedStatements(fn: AppFunction): GrantStatement[] {
  const policies = service.findResources("AWS::IAM::Policy", {
    Properties: { Roles: Match.arrayWith([{ Ref: roleLogicalId(fn) }]) },
  });
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as GrantStatement[]);
}

const actionsOf = (s: GrantStatement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

function grantedActions(fn: AppFunction): string[] {
  return grantedStatements(fn).flatMap(actionsOf);
}

const allFunctions = (): [string, AppFunction][] => [
  ...Object.entries(stacks.service.routes.functions),
  ...Object.entries(stacks.service.workflows.tasks),
  ...Object.entries(stacks.service.workflows.jobs),
  ...Object.entries(stacks.service.workflows.statusHandlers),
  ["afterDeploy", stacks.service.migrations.afterDeploy],
];

describe("data", () => {
  it("table has the keys, GSIs and TTL the entities write", () => {
    const design = tableDesign();
    const [table] = Object.values(data.findResources("AWS::DynamoDB::Table"));
    const props = table?.Properties;
    expect(props.KeySchema).toEqual([
      { AttributeName: design.partitionKey, KeyType: "HASH" },
      { AttributeName: design.sortKey, KeyType: "RANGE" },
    ]);
    expect(props.GlobalSecondaryIndexes.map((i: { IndexName: string }) => i.IndexName)).toEqual(
      design.globalSecondaryIndexes.map((i) => i.indexName),
    );
    for (const index of design.globalSecondaryIndexes) {
      const deployed = props.GlobalSecondaryIndexes.find((i: { IndexName: string }) => i.IndexName === index.indexName);
      expect(deployed.KeySchema).toEqual([
        { AttributeName: index.partitionKey, KeyType: "HASH" },
        { AttributeName: index.sortKey, KeyType: "RANGE" },
      ]);
    }
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: design.ttlAttribute, Enabled: true });
  });

  it("table is on demand, point-in-time recoverable and encrypted with a customer-managed key", () => {
    data.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: "KMS", KMSMasterKeyId: Match.anyValue() },
    });
  });

  it("every KMS key rotates", () => {
    const keys = Object.values(data.findResources("AWS::KMS::Key"));
    // Biometric, data, and the stack's log-group key (lib/constructs/stack-keys.ts).
    expect(keys.length).toBe(3);
    for (const key of keys) expect(key.Properties.EnableKeyRotation).toBe(true);
  });

  const biometricRules = () => {
    const bucketId = Stack.of(stacks.data).getLogicalId(stacks.data.biometricBucket.node.defaultChild as never);
    return data.toJSON().Resources[bucketId].Properties.LifecycleConfiguration.Rules as {
      TagFilters?: { Key: string; Value: string }[];
      ExpirationInDays?: number;
      NoncurrentVersionExpiration?: { NoncurrentDays: number };
    }[];
  };

  it.each([30, 90, 180])(
    "biometric objects tagged %sd expire after that many days, noncurrent versions too",
    (days) => {
      const rule = biometricRules().find((r) =>
        r.TagFilters?.some((t) => t.Key === "auto-delete" && t.Value === `${days}d`),
      );
      expect(rule?.ExpirationInDays).toBe(days);
      expect(rule?.NoncurrentVersionExpiration?.NoncurrentDays).toBeLessThanOrEqual(1);
    },
  );

  it("biometric objects tagged never have no expiry rule", () => {
    expect(biometricRules().filter((r) => r.TagFilters?.some((t) => t.Value === "never"))).toEqual([]);
  });

  it("biometric bucket is KMS-encrypted with the biometric key, versioned, private, access-logged and TLS only", () => {
    const bucketId = Stack.of(stacks.data).getLogicalId(stacks.data.biometricBucket.node.defaultChild as never);
    const keyId = Stack.of(stacks.data).getLogicalId(stacks.data.biometricKey.node.defaultChild as never);
    const bucket = data.toJSON().Resources[bucketId].Properties;
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: "aws:kms",
      KMSMasterKeyID: { "Fn::GetAtt": [keyId, "Arn"] },
    });
    expect(bucket.VersioningConfiguration).toEqual({ Status: "Enabled" });
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.LoggingConfiguration.DestinationBucketName).toBeDefined();
    data.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });

  it("evidence bucket has Object Lock enabled with a default retention, and is KMS-encrypted", () => {
    data.hasResourceProperties("AWS::S3::Bucket", {
      ObjectLockEnabled: true,
      ObjectLockConfiguration: {
        ObjectLockEnabled: "Enabled",
        Rule: { DefaultRetention: { Mode: "GOVERNANCE", Days: Match.anyValue() } },
      },
      VersioningConfiguration: { Status: "Enabled" },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          Match.objectLike({ ServerSideEncryptionByDefault: Match.objectLike({ SSEAlgorithm: "aws:kms" }) }),
        ],
      },
    });
  });
});

describe("auth", () => {
  it("users sign up with an email or a phone number, verified by a code sent through SES or SNS", () => {
    auth.hasResourceProperties("AWS::Cognito::UserPool", {
      UsernameAttributes: ["email", "phone_number"],
      AutoVerifiedAttributes: ["email", "phone_number"],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: "CONFIRM_WITH_CODE" }),
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: "DEVELOPER" }),
      SmsConfiguration: Match.objectLike({ SnsCallerArn: Match.anyValue(), ExternalId: Match.anyValue() }),
      UserPoolTier: "PLUS",
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
  });

  it("lets each person add an authenticator app (optional TOTP MFA), never forcing it on anyone", () => {
    auth.hasResourceProperties("AWS::Cognito::UserPool", {
      MfaConfiguration: "OPTIONAL",
      EnabledMfas: Match.arrayWith(["SOFTWARE_TOKEN_MFA"]),
    });
  });

  it("keeps the email and phone a person signs in with until a changed one is verified", () => {
    auth.hasResourceProperties("AWS::Cognito::UserPool", {
      UserAttributeUpdateSettings: {
        AttributesRequireVerificationBeforeUpdate: Match.arrayEquals(["email", "phone_number"]),
      },
    });
  });

  it("the app client signs in server side with USER_PASSWORD_AUTH and has no OAuth flows", () => {
    auth.hasResourceProperties("AWS::Cognito::UserPoolClient", {
      ExplicitAuthFlows: Match.arrayWith(["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]),
      AllowedOAuthFlowsUserPoolClient: false,
      PreventUserExistenceErrors: "ENABLED",
    });
  });
});

describe("api", () => {
  it("API has one integration per route group and every route of ROUTES", () => {
    const integrations = service.findResources("AWS::ApiGatewayV2::Integration");
    expect(Object.keys(integrations)).toHaveLength(Object.keys(ROUTE_GROUPS).length);
    for (const integration of Object.values(integrations)) {
      expect(integration.Properties.PayloadFormatVersion).toBe("2.0");
    }
    const routeKeys = Object.values(service.findResources("AWS::ApiGatewayV2::Route")).map(
      (r) => r.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("each route reaches the function of its route group", () => {
    const integrationTarget = new Map<string, string>();
    for (const [id, integration] of Object.entries(service.findResources("AWS::ApiGatewayV2::Integration"))) {
      integrationTarget.set(id, integration.Properties.IntegrationUri["Fn::GetAtt"][0]);
    }
    for (const route of Object.values(service.findResources("AWS::ApiGatewayV2::Route"))) {
      const spec = ROUTES.find((r) => `${r.method} ${r.path}` === route.Properties.RouteKey);
      const integrationId = route.Properties.Target["Fn::Join"][1][1].Ref as string;
      expect(integrationTarget.get(integrationId)).toBe(
        logicalId(stacks.service.routes.functions[spec?.group as RouteGroup]),
      );
    }
  });

  it("the default stage is throttled and access-logged", () => {
    service.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 }),
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp("requestId") },
    });
  });

  it("route groups run on Node 22, ARM64, with tracing and the memory ROUTES asks for", () => {
    for (const [group, fn] of Object.entries(stacks.service.routes.functions)) {
      const props = service.toJSON().Resources[logicalId(fn)].Properties;
      expect(props.Runtime).toBe("nodejs22.x");
      expect(props.Architectures).toEqual(["arm64"]);
      expect(props.TracingConfig).toEqual({ Mode: "Active" });
      expect(props.MemorySize).toBe(ROUTE_GROUPS[group as RouteGroup].memoryMb);
    }
  });
});

describe("handlers", () => {
  it("a handler is given the names its contexts require and its binds grant, not every name", () => {
    // test/infra/handler-environment.test.ts checks every function against its contexts' env.ts.
    const vars = (name: string) =>
      Object.keys(
        service.toJSON().Resources[logicalId(allFunctions().find(([n]) => n === name)?.[1] as AppFunction)].Properties
          .Environment.Variables,
      );
    expect(vars("auth")).toEqual(
      expect.arrayContaining(["TABLE_NAME", "USER_POOL_ID", "USER_POOL_CLIENT_ID", "APP_URL"]),
    );
    for (const unbound of [
      "SCHEDULER_ROLE_ARN",
      "CONNECTOR_SECRET_ARN",
      "EVIDENCE_BUCKET",
      "TAKEDOWN_STATE_MACHINE_ARN",
    ])
      expect(vars("auth"), unbound).not.toContain(unbound);
  });

  it("handlers get only the grants they are bound to", () => {
    const { routes, workflows } = stacks.service;
    // Only enrolment, profile retention changes and account deletion (and the job that finishes an
    // interrupted one) may erase objects.
    const deleters = allFunctions()
      .filter(([, fn]) => grantedActions(fn).includes("s3:DeleteObjectVersion"))
      .map(([name]) => name)
      .sort();
    expect(deleters).toEqual(["account", "biometrics", "profile", "resumeErasures"]);
    // Only the API's threat and takedown groups, the hand-over to takedowns (a scan's Finish, the crawl's
    // HandOverAlerts, the reconciler when a scan ends otherwise, or the sweeper of a handover that died),
    // the tracker, the hourly crawl's start and the public API (its analyses) start state machines.
    const starters = allFunctions()
      .filter(([, fn]) => grantedActions(fn).includes("states:StartExecution"))
      .map(([name]) => name)
      .sort();
    expect(starters).toEqual([
      "CrawlHandOver",
      "ScanFinish",
      "publicApi",
      "reconcileScan",
      "startCrawl",
      "sweepAlertClaims",
      "takedowns",
      "threats",
      "trackTakedowns",
    ]);
    // Read-only groups cannot write.
    expect(grantedActions(routes.functions.system)).not.toContain("dynamodb:PutItem");
    // It queries nothing but the status page's STATUS partition (asserted with the health check below).
    expect(
      grantedStatements(routes.functions.system)
        .filter((s) => actionsOf(s).includes("dynamodb:Query"))
        .map(
          (s) =>
            (s.Condition as Record<string, Record<string, unknown>> | undefined)?.["ForAllValues:StringEquals"]?.[
              "dynamodb:LeadingKeys"
            ],
        ),
    ).toEqual([["STATUS"]]);
    expect(grantedActions(workflows.tasks.ScanDiscover)).not.toContain("dynamodb:PutItem");
    // Analyse parses untrusted media: it may put the scan's findings and the analysis cache (partitions of
    // their own) and write nothing else.
    const analyseWrites = grantedStatements(workflows.tasks.ScanAnalyse).filter((s) =>
      actionsOf(s).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(analyseWrites).toEqual([
      expect.objectContaining({
        Action: "dynamodb:PutItem",
        Condition: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["FINDING#*"] } },
      }),
      expect.objectContaining({
        Action: "dynamodb:PutItem",
        Condition: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["ANALYSIS#*"] } },
      }),
    ]);
    // The crawl's analysis parses untrusted media for everyone: it may put findings, locators and the analysis cache, record no
    // threat, and decrypt no biometrics (the gallery compares; the sealed samples stay closed).
    const crawlWrites = grantedStatements(workflows.tasks.CrawlAnalyse).filter((s) =>
      actionsOf(s).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(
      crawlWrites.map((s) => (s.Condition as Record<string, Record<string, unknown>>)["ForAllValues:StringLike"]),
    ).toEqual([
      { "dynamodb:LeadingKeys": ["FINDING#*"] },
      { "dynamodb:LeadingKeys": ["CRAWLED#*"] },
      { "dynamodb:LeadingKeys": ["ANALYSIS#*"] },
    ]);
    // An analysis asked for through the API parses untrusted media too: it may put its own analysis record and
    // the analysis cache, nothing else, and sends no webhook (Tell, which reads no media, does).
    const apiAnalysisWrites = grantedStatements(workflows.tasks.AnalysisRun).filter((s) =>
      actionsOf(s).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(
      apiAnalysisWrites.map((s) => (s.Condition as Record<string, Record<string, unknown>>)["ForAllValues:StringLike"]),
    ).toEqual([{ "dynamodb:LeadingKeys": ["APIANALYSIS#*"] }, { "dynamodb:LeadingKeys": ["ANALYSIS#*"] }]);
    expect(grantedActions(workflows.tasks.AnalysisRun)).not.toContain("sqs:SendMessage");
    expect(grantedActions(workflows.tasks.AnalysisTell)).toContain("sqs:SendMessage");
    // The biometric key's data keys open sealed embeddings: the scan's analysis may use them, the crawl's may not
    // (it may read the gallery's sign-in secret, which that key encrypts, only through Secrets Manager).
    const biometricKeyUse = (fn: AppFunction) =>
      grantedStatements(fn).filter(
        (s) =>
          actionsOf(s).some((a) => a.startsWith("kms:")) &&
          /BiometricKey/.test(JSON.stringify((s as { Resource?: unknown }).Resource)) &&
          !JSON.stringify(s.Condition ?? {}).includes("kms:ViaService"),
      );
    expect(biometricKeyUse(workflows.tasks.ScanAnalyse)).not.toEqual([]);
    expect(biometricKeyUse(workflows.tasks.CrawlAnalyse)).toEqual([]);
    expect(grantedActions(workflows.tasks.CrawlAnalyse)).toContain("rds-data:ExecuteStatement");
    // The crawl's Discover may write its look-back records (CRAWLED#) and nothing else of the table.
    const crawlDiscoverWrites = grantedStatements(workflows.tasks.CrawlDiscover).filter((s) =>
      actionsOf(s).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(
      crawlDiscoverWrites.map(
        (s) => (s.Condition as Record<string, Record<string, unknown>>)["ForAllValues:StringLike"],
      ),
    ).toEqual([{ "dynamodb:LeadingKeys": ["CRAWLED#*"] }]);
    // Starting the hour's crawl is all its job may do.
    const crawlStart = grantedActions(stacks.service.workflows.jobs.startCrawl);
    // Besides its logs, traces and dead-letter queue, and the keys of that queue and of its own settings,
    // which it may only use, never manage.
    expect(crawlStart.filter((a) => !/^(logs|xray|sqs|kms):/.test(a))).toEqual(["states:StartExecution"]);
    expect(
      crawlStart.filter(
        (a) => a.startsWith("kms:") && !/^kms:(Decrypt|Encrypt|ReEncrypt\*|GenerateDataKey\*?)$/.test(a),
      ),
    ).toEqual([]);
    // Biometric key material is reachable only where embeddings are made or compared.
    const keyUsers = allFunctions()
      .filter(([, fn]) => grantedActions(fn).includes("kms:GenerateDataKey"))
      .map(([name]) => name);
    expect(keyUsers).not.toContain("demo");
    expect(keyUsers).not.toContain("system");
    // Nobody may shorten evidence retention, and only account deletion may bypass it.
    for (const [name, fn] of allFunctions()) {
      expect(grantedActions(fn), name).not.toContain("s3:PutObjectRetention");
      if (name !== "account" && name !== "resumeErasures") {
        expect(grantedActions(fn), name).not.toContain("s3:BypassGovernanceRetention");
      }
    }
  });

  it("account deletion alone erases evidence: every version, GOVERNANCE retention bypassed, on the evidence bucket only", () => {
    const account = stacks.service.routes.functions.account;
    const erasing = grantedStatements(account).filter((s) => actionsOf(s).includes("s3:BypassGovernanceRetention"));
    expect(erasing).toHaveLength(1);
    expect(actionsOf(erasing[0] as GrantStatement)).toEqual(
      expect.arrayContaining(["s3:DeleteObject", "s3:DeleteObjectVersion", "s3:BypassGovernanceRetention"]),
    );
    const resources = JSON.stringify((erasing[0] as { Resource?: unknown }).Resource);
    expect(resources).toMatch(/Evidence/);
    expect(resources).not.toMatch(/Biometric/);
    expect(grantedActions(account)).toContain("s3:ListBucketVersions");
    const bypassers = allFunctions()
      .filter(([, fn]) => grantedActions(fn).includes("s3:BypassGovernanceRetention"))
      .map(([name]) => name);
    // Account deletion, and the job that finishes an erasure a crash cut short (the same grants).
    expect(bypassers).toEqual(["account", "resumeErasures"]);
    // DELETE /api/account is served by that function and no other.
    expect(ROUTES.filter((r) => r.group === "account").map((r) => `${r.method} ${r.path}`)).toEqual([
      "DELETE /api/account",
    ]);
  });

  it("the VAPID key is made by Secrets Manager as a 64-hex P-256 scalar, readable only by the functions that push and described by the health check", () => {
    data.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({
        PasswordLength: 64,
        ExcludeCharacters: "ghijklmnopqrstuvwxyz",
        ExcludeUppercase: true,
        ExcludePunctuation: true,
      }),
    });
    const env = (fn: AppFunction) => service.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
    const pushers = allFunctions()
      .filter(([, fn]) => "VAPID_SECRET_ARN" in env(fn))
      .map(([name]) => name)
      .sort();
    expect(pushers).toEqual([
      "CrawlHandOver",
      "ScanFinish",
      "probeStatus",
      "push",
      "reconcileScan",
      "sendDigests",
      "sweepAlertClaims",
      "system",
    ]);
    // Readers of the VAPID secret itself (the gallery's functions read the gallery's sign-in secret).
    const secretReaders = allFunctions()
      .filter(([, fn]) =>
        grantedStatements(fn).some(
          (s) => actionsOf(s).includes("secretsmanager:GetSecretValue") && JSON.stringify(s).includes("VapidKey"),
        ),
      )
      .map(([name]) => name);
    expect(secretReaders).toEqual(expect.arrayContaining(["ScanFinish", "push", "sendDigests"]));
    expect(secretReaders).not.toContain("profile");
    expect(secretReaders).not.toContain("system");
    expect(grantedActions(allFunctions().find(([name]) => name === "system")?.[1] as AppFunction)).toContain(
      "secretsmanager:DescribeSecret",
    );
  });

  it("Stripe's keys live in a Secrets Manager secret, named only to billing, account deletion and the period job", () => {
    data.hasResourceProperties("AWS::SecretsManager::Secret", {
      Description: Match.stringLikeRegexp("^Stripe API key and webhook signing secret"),
    });
    const env = (fn: AppFunction) => service.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
    const billing = allFunctions()
      .filter(([, fn]) => "STRIPE_SECRET_ARN" in env(fn))
      .map(([name]) => name)
      .sort();
    expect(billing).toEqual(["account", "billing", "resumeErasures", "settleBillingPeriods"]);
    for (const [name, fn] of allFunctions()) {
      const text = JSON.stringify(env(fn));
      expect([name, /sk_(live|test)_|whsec_/.test(text)]).toEqual([name, false]);
    }
  });

  it("the health check may describe every dependency and do nothing else", () => {
    const system = allFunctions().find(([name]) => name === "system")?.[1] as AppFunction;
    const actions = grantedActions(system);
    for (const action of [
      "dynamodb:DescribeTable",
      "s3:ListBucket",
      "cognito-idp:DescribeUserPool",
      "states:DescribeStateMachine",
      "kms:DescribeKey",
      "scheduler:GetScheduleGroup",
      "secretsmanager:DescribeSecret",
      "ses:GetAccount",
      "sns:GetSMSAttributes",
      "sqs:GetQueueAttributes",
    ])
      expect(actions).toContain(action);
    // Every function writes its own logs and traces; beyond those, nothing may change or read data
    // (the table key's Decrypt serves the usage count's scan, limited to keys, dates and status below).
    // The gallery probe signs in as its read-only database user: that user's secret alone, asserted below.
    const readerSecret = grantedStatements(system).filter((s) =>
      actionsOf(s).includes("secretsmanager:GetSecretValue"),
    );
    expect(readerSecret).toHaveLength(1);
    expect(JSON.stringify(readerSecret)).toContain("ReaderSecret");
    const writes = actions
      .filter((a) => !(a === "secretsmanager:GetSecretValue" || a === "rds-data:ExecuteStatement"))
      .filter((a) => !/^(logs|xray):/.test(a) && a !== "kms:Decrypt")
      .filter((a) =>
        /:(Put|Delete|Update|Create|Start|Send|Publish|GetObject|GetSecretValue|Decrypt|Get|Query)/.test(a),
      )
      .filter(
        (a) =>
          !["scheduler:GetScheduleGroup", "ses:GetAccount", "sns:GetSMSAttributes", "sqs:GetQueueAttributes"].includes(
            a,
          ),
      )
      // The status page's Query, held to the STATUS partition below.
      .filter((a) => a !== "dynamodb:Query");
    expect(writes).toEqual([]);
    const queries = grantedStatements(system).filter((s) => actionsOf(s).includes("dynamodb:Query"));
    expect(queries.map((q) => q.Condition)).toEqual([
      { "ForAllValues:StringEquals": { "dynamodb:LeadingKeys": ["STATUS"] } },
    ]);
  });

  it("the health check and the status probe may describe the scan, takedown and crawl state machines, and no other", () => {
    const env = (fn: AppFunction) => service.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
    // The crawl's ARN as the job that starts the hourly crawl is given it.
    const crawlArn = env(stacks.service.workflows.jobs.startCrawl).CRAWL_STATE_MACHINE_ARN;
    expect(JSON.stringify(crawlArn)).toContain("-crawl");
    const system = allFunctions().find(([name]) => name === "system")?.[1] as AppFunction;
    for (const fn of [system, stacks.service.workflows.jobs.probeStatus]) {
      const vars = env(fn);
      expect(vars.CRAWL_STATE_MACHINE_ARN).toEqual(crawlArn);
      const describes = grantedStatements(fn).filter((s) => actionsOf(s).includes("states:DescribeStateMachine"));
      expect(describes).toEqual([expect.objectContaining({ Action: "states:DescribeStateMachine" })]);
      const described = (describes[0] as GrantStatement & { Resource: unknown[] }).Resource;
      expect(described).toHaveLength(3);
      expect(described).toEqual(
        expect.arrayContaining([vars.SCAN_STATE_MACHINE_ARN, vars.TAKEDOWN_STATE_MACHINE_ARN, crawlArn]),
      );
      // Describing is all: neither may start, stop or read the crawl's executions.
      expect(grantedActions(fn).filter((a) => a.startsWith("states:"))).toEqual(["states:DescribeStateMachine"]);
    }
  });

  it("the status probe runs every 5 minutes with the health check's describe-only grants and the table to record in", () => {
    const probe = stacks.service.workflows.jobs.probeStatus;
    const actions = grantedActions(probe);
    for (const action of [
      "dynamodb:DescribeTable",
      "cognito-idp:DescribeUserPool",
      "ses:GetAccount",
      "dynamodb:PutItem",
    ])
      expect(actions).toContain(action);
    expect(actions).not.toContain("secretsmanager:GetSecretValue");
    expect(actions).not.toContain("states:StartExecution");
    const schedules = Object.values(service.findResources("AWS::Scheduler::Schedule")).filter((s) =>
      String(s.Properties.Name ?? "").endsWith("-probeStatus"),
    );
    expect(schedules.map((s) => s.Properties.ScheduleExpression)).toEqual(["rate(5 minutes)"]);
  });

  it("the health check and the status probe are given both webhook queues, and may only read their attributes", () => {
    const queues = stacks.service.node.findChild("Webhooks") as WebhookQueues;
    const ref = (queue: WebhookQueues["deliveries"]) =>
      stacks.service.getLogicalId(queue.node.defaultChild as CfnElement);
    const system = allFunctions().find(([name]) => name === "system")?.[1] as AppFunction;
    for (const fn of [system, stacks.service.workflows.jobs.probeStatus]) {
      // Each function lives in a nested stack, which refers to the queues by the parameters it is passed.
      const seen = (value: unknown) => asServiceStackSees(stacks, Stack.of(fn) as NestedStack, value);
      const vars = service.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
      expect(seen(vars.WEBHOOK_QUEUE_URL), fn.node.path).toEqual({ Ref: ref(queues.deliveries) });
      expect(seen(vars.WEBHOOK_DEAD_LETTER_QUEUE_URL), fn.node.path).toEqual({ Ref: ref(queues.deadLetters) });
      // (The job's own dead-letter queue is granted apart, as to every job.)
      const onWebhookQueues = grantedStatements(fn).filter((s) =>
        JSON.stringify(seen((s as { Resource?: unknown }).Resource)).match(/"Webhooks(Deliveries|DeadLetters)/),
      );
      expect(onWebhookQueues.map(actionsOf), fn.node.path).toEqual([["sqs:GetQueueAttributes"]]);
      const read = seen((onWebhookQueues[0] as { Resource?: unknown }).Resource) as unknown[];
      expect(read).toHaveLength(2);
      expect(read).toEqual(
        expect.arrayContaining([
          { "Fn::GetAtt": [ref(queues.deliveries), "Arn"] },
          { "Fn::GetAtt": [ref(queues.deadLetters), "Arn"] },
        ]),
      );
    }
  });

  it("the public usage figures scan the table for keys, dates and status only, never a name, notice or embedding", () => {
    const system = allFunctions().find(([name]) => name === "system")?.[1] as AppFunction;
    const scans = grantedStatements(system).filter((s) => actionsOf(s).includes("dynamodb:Scan"));
    expect(scans).toHaveLength(1);
    expect(scans[0]?.Condition).toEqual({
      "ForAllValues:StringEquals": { "dynamodb:Attributes": [...USAGE_ATTRIBUTES] },
      StringEquals: { "dynamodb:Select": "SPECIFIC_ATTRIBUTES" },
    });
  });

  it("no handler role uses AWS managed policies", () => {
    for (const [name, fn] of allFunctions()) {
      expect(service.toJSON().Resources[roleLogicalId(fn)].Properties.ManagedPolicyArns, name).toBeUndefined();
    }
  });
});

describe("workflows", () => {
  it("state machine Task resources are the task functions", () => {
    const { workflows } = stacks.service;
    for (const [machine, sm] of Object.entries(workflows.machines)) {
      const props = service.toJSON().Resources[Stack.of(sm).getLogicalId(sm.node.defaultChild as never)].Properties;
      const file = STATE_MACHINES[machine as keyof typeof STATE_MACHINES].file;
      const expected = Object.fromEntries(
        referencedTasks(file).map((task) => [
          `${task}Arn`,
          { "Fn::GetAtt": [logicalId(workflows.tasks[task as WorkflowTask]), "Arn"] },
        ]),
      );
      expect(props.DefinitionSubstitutions).toEqual(expected);
    }
    expect(referencedTasks("statemachines/scan.asl.json").sort()).toEqual(
      Object.keys(WORKFLOW_TASKS)
        .filter((t) => t.startsWith("Scan"))
        .sort(),
    );
    expect(referencedTasks("statemachines/crawl.asl.json").sort()).toEqual(
      Object.keys(WORKFLOW_TASKS)
        .filter((t) => t.startsWith("Crawl"))
        .sort(),
    );
  });

  it("state machines log ALL events and are traced with X-Ray", () => {
    const machines = Object.values(service.findResources("AWS::StepFunctions::StateMachine"));
    expect(machines).toHaveLength(Object.keys(STATE_MACHINES).length);
    for (const m of machines) {
      expect(m.Properties.LoggingConfiguration.Level).toBe("ALL");
      expect(m.Properties.TracingConfiguration).toEqual({ Enabled: true });
    }
  });

  it("the scan machine's Distributed Map may start, watch and stop only its own children and read only manifests", () => {
    const machine = stacks.service.workflows.machines.scan;
    const roleId = Stack.of(machine).getLogicalId(machine.role.node.defaultChild as CfnElement);
    const statements = Object.values(
      service.findResources("AWS::IAM::Policy", { Properties: { Roles: [{ Ref: roleId }] } }),
    ).flatMap((p) => p.Properties.PolicyDocument.Statement as (GrantStatement & { Resource: unknown })[]);
    const granting = (action: string) => statements.filter((s) => actionsOf(s).includes(action));
    const text = (value: unknown) => JSON.stringify(stacks.service.resolve(value));
    const [start] = granting("states:StartExecution");
    expect(text(start?.Resource)).toMatch(/stateMachine:likenessguard-dev-scan"/);
    const [watch] = granting("states:DescribeExecution");
    expect(actionsOf(watch as GrantStatement)).toEqual(["states:DescribeExecution", "states:StopExecution"]);
    for (const resource of (watch?.Resource ?? []) as unknown[]) {
      expect(text(resource)).toMatch(/:(execution|express):likenessguard-dev-scan[:/]\*"/);
    }
    const [read] = granting("s3:GetObject");
    expect(actionsOf(read as GrantStatement)).toEqual(["s3:GetObject"]);
    expect(text(read?.Resource)).toMatch(/ScanWork.*\/manifests\/\*/);
    // The takedown machine runs no Distributed Map, so it may start nothing.
    const takedown = stacks.service.workflows.machines.takedown;
    const takedownRoleId = Stack.of(takedown).getLogicalId(takedown.role.node.defaultChild as CfnElement);
    const takedownActions = Object.values(
      service.findResources("AWS::IAM::Policy", { Properties: { Roles: [{ Ref: takedownRoleId }] } }),
    ).flatMap((p) => (p.Properties.PolicyDocument.Statement as GrantStatement[]).flatMap(actionsOf));
    expect(takedownActions).not.toContain("states:StartExecution");
    expect(takedownActions).not.toContain("s3:GetObject");
  });

  it("the crawl machine's ResultWriter may export child results under the results prefix only, and no machine may write manifests", () => {
    const statementsOf = (machine: typeof stacks.service.workflows.machines.crawl) => {
      const roleId = Stack.of(machine).getLogicalId(machine.role.node.defaultChild as CfnElement);
      return Object.values(
        service.findResources("AWS::IAM::Policy", { Properties: { Roles: [{ Ref: roleId }] } }),
      ).flatMap((p) => p.Properties.PolicyDocument.Statement as (GrantStatement & { Resource: unknown })[]);
    };
    const text = (value: unknown) => JSON.stringify(stacks.service.resolve(value));
    const { crawl, scan, takedown } = stacks.service.workflows.machines;
    const writing = statementsOf(crawl).filter((s) => actionsOf(s).includes("s3:PutObject"));
    expect(writing).toHaveLength(1);
    expect(actionsOf(writing[0] as GrantStatement).sort()).toEqual([
      "s3:AbortMultipartUpload",
      "s3:GetObject",
      "s3:ListMultipartUploadParts",
      "s3:PutObject",
    ]);
    expect(text(writing[0]?.Resource)).toMatch(/ScanWork.*\/results\/\*"/);
    expect(text(writing[0]?.Resource)).not.toMatch(/manifests/);
    // The scan (its Map's result read by RecordThreats) and the takedown export nothing.
    for (const machine of [scan, takedown]) {
      expect(statementsOf(machine).flatMap(actionsOf)).not.toContain("s3:PutObject");
    }
  });

  it("Discover alone writes scan manifests (a scan's or the crawl's), under the manifests prefix of a bucket that expires them after a day", () => {
    const writers = allFunctions().filter(([, fn]) =>
      grantedStatements(fn).some(
        (s) => JSON.stringify(s).includes("/manifests/*") && actionsOf(s).includes("s3:PutObject"),
      ),
    );
    expect(writers.map(([name]) => name).sort()).toEqual(["CrawlDiscover", "ScanDiscover"]);
    const discover = grantedStatements(stacks.service.workflows.tasks.ScanDiscover).filter((s) =>
      JSON.stringify(s).includes("/manifests/*"),
    );
    expect(discover.flatMap(actionsOf)).toEqual(["s3:PutObject"]);
    data.hasResourceProperties("AWS::S3::Bucket", {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Id: "expire-scan-work", ExpirationInDays: 1, Status: "Enabled" })]),
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });

  it("account deletion alone may delete scan manifests, and may list only the manifests prefix", () => {
    const erasers = allFunctions().filter(([, fn]) =>
      grantedStatements(fn).some(
        (s) => JSON.stringify(s).includes("/manifests/*") && actionsOf(s).includes("s3:DeleteObject"),
      ),
    );
    expect(erasers.map(([name]) => name)).toEqual(["account", "resumeErasures"]);
    const [, account] = erasers[0] as [string, AppFunction];
    const listing = grantedStatements(account).filter(
      (s) => actionsOf(s).includes("s3:ListBucket") && JSON.stringify(s).includes("ScanWork"),
    );
    expect(listing).toEqual([expect.objectContaining({ Condition: { StringLike: { "s3:prefix": ["manifests/*"] } } })]);
  });

  it("per-user scan schedules assume a role that may only start the scan state machine and dead-letter a failed start", () => {
    // A function bound to the scheduler (a tier change re-times the scans): SCHEDULER_ROLE_ARN names the role.
    const role = stacks.service.workflows.jobs.settleBillingPeriods;
    const vars = service.toJSON().Resources[logicalId(role)].Properties.Environment.Variables;
    const schedulerRole = (stacks.service.node.findChild("ScanScheduling") as ScanScheduling).role;
    // The role is in the service stack; the job, in the workflows' nested stack, names it through a parameter.
    expect(vars.SCHEDULER_ROLE_ARN).toEqual(Stack.of(role).resolve(schedulerRole.roleArn));
    const schedulerRoleId = Stack.of(schedulerRole).getLogicalId(schedulerRole.node.defaultChild as CfnElement);
    const policies = Object.values(
      service.findResources("AWS::IAM::Policy", { Properties: { Roles: [{ Ref: schedulerRoleId }] } }),
    );
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement);
    expect(statements).toEqual([
      expect.objectContaining({
        Action: "states:StartExecution",
        Effect: "Allow",
        Resource: vars.SCAN_STATE_MACHINE_ARN,
      }),
      expect.objectContaining({
        Action: "sqs:SendMessage",
        Effect: "Allow",
        Resource: {
          "Fn::GetAtt": [
            Stack.of(stacks.service).getLogicalId(
              stacks.service.monitoring.deadLetters.node.defaultChild as CfnElement,
            ),
            "Arn",
          ],
        },
      }),
      // The queue is encrypted under its own key: sending encrypts a data key under it.
      expect.objectContaining({
        Action: ["kms:Decrypt", "kms:GenerateDataKey"],
        Effect: "Allow",
        Resource: Stack.of(stacks.service).resolve(stacks.service.monitoring.deadLetters.encryptionMasterKey?.keyArn),
      }),
    ]);
    service.hasResourceProperties("AWS::Scheduler::ScheduleGroup", { Name: vars.SCHEDULER_GROUP });
  });

  it("scheduled jobs run on their rates", () => {
    const expressions = Object.values(service.findResources("AWS::Scheduler::Schedule")).map(
      (s) => s.Properties.ScheduleExpression,
    );
    expect(expressions.sort()).toEqual(
      Object.values(SCHEDULED_JOBS)
        .map((j) => j.rate)
        .sort(),
    );
  });
});

describe("interrupted erasures", () => {
  it("are finished by a job on a schedule and after each deploy that changes it, with account deletion's grants", () => {
    const job = stacks.service.workflows.jobs.resumeErasures;
    const triggers = Object.values(service.findResources("Custom::Trigger")).filter((t) =>
      JSON.stringify(t.Properties.HandlerArn).includes(invokedFunctionId(job)),
    );
    expect(triggers).toHaveLength(1);
    const account = stacks.service.routes.functions.account;
    // Less what only one of them does besides erasing: the API's session check and its notice to the
    // owner, the job's dead-letter queue.
    const besidesErasing = /^(ses:|sns:|sqs:|cognito-idp:AdminGetUser$|cognito-idp:AdminUserGlobalSignOut$)/;
    // As sets: the job's dead-letter grant repeats KMS actions the erasing grants hold for other keys.
    const erasing = (fn: AppFunction) => [...new Set(grantedActions(fn).filter((a) => !besidesErasing.test(a)))];
    expect(erasing(job).sort()).toEqual(erasing(account).sort());
  });
});

describe("post-deploy migrations", () => {
  it("run after the API and workflows deploy, again when their code changes, with the face models and read-only photos", () => {
    const fn = stacks.service.migrations.afterDeploy;
    const trigger = Object.values(service.findResources("Custom::Trigger")).find((t) =>
      JSON.stringify(t.Properties.HandlerArn).includes(invokedFunctionId(fn)),
    );
    expect(trigger?.Properties.HandlerArn).toBeDefined();
    // Runs after the functions that read the migrated samples: the workflows beside it, and the API's
    // route groups, whose nested stack the workflows' nested stack waits for.
    const dependsOn = trigger?.DependsOn as string[];
    expect(dependsOn.some((id) => id.startsWith("Workflows"))).toBe(true);
    const nested = (stack: Stack) => Stack.of(stacks.service).getLogicalId(stack.nestedStackResource as CfnElement);
    const parent = Template.fromStack(stacks.service).toJSON().Resources;
    expect(parent[nested(stacks.service.workflowsStack)].DependsOn).toContain(nested(stacks.service.apiStack));
    const props = service.toJSON().Resources[logicalId(fn)].Properties;
    expect(Object.keys(JSON.parse(props.Environment.Variables.MODEL_FILES))).toEqual([...FACE_MODEL_FILES]);
    const actions = grantedActions(fn);
    expect(actions).toEqual(
      expect.arrayContaining(["dynamodb:Scan", "dynamodb:PutItem", "s3:GetObject", "kms:Decrypt"]),
    );
    expect(actions).not.toContain("s3:PutObject");
    expect(actions).not.toContain("s3:DeleteObjectVersion");
  });
});

describe("web", () => {
  it("CloudFront sends a strict Content-Security-Policy and security headers", () => {
    const [policy] = Object.values(service.findResources("AWS::CloudFront::ResponseHeadersPolicy"));
    const headers = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // The bucket's domain comes from the data stack, so the policy is an Fn::Join around an import.
    const joined = headers.ContentSecurityPolicy.ContentSecurityPolicy as { "Fn::Join": [string, unknown[]] };
    const csp = joined["Fn::Join"][1].map((part) => (typeof part === "string" ? part : "<bucket-domain>")).join("");
    expect(csp).toContain("connect-src 'self' https://<bucket-domain>;");
    expect(JSON.stringify(joined)).toContain("BiometricBucket");
    for (const directive of ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/\*/);
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: "DENY" });

    // The same headers the local web origin sends (webSecurityHeaders), read back from the template.
    const custom = policy?.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items as {
      Header: string;
      Value: string;
    }[];
    const sent: Record<string, string> = {
      "content-security-policy": csp,
      "strict-transport-security": `max-age=${headers.StrictTransportSecurity.AccessControlMaxAgeSec}; includeSubDomains; preload`,
      "x-content-type-options": "nosniff",
      "x-frame-options": headers.FrameOptions.FrameOption,
      "referrer-policy": headers.ReferrerPolicy.ReferrerPolicy,
      "x-xss-protection": `${headers.XSSProtection.Protection ? 1 : 0}; mode=block`,
      ...Object.fromEntries(custom.map((h) => [h.Header.toLowerCase(), h.Value])),
    };
    expect(sent).toEqual(webSecurityHeaders({ uploadOrigins: ["https://<bucket-domain>"] }));
  });

  it("the biometric bucket takes presigned PUTs from the app's pages only (CORS), and nothing else cross-origin", () => {
    data.hasResourceProperties("AWS::S3::Bucket", {
      BucketEncryption: Match.objectLike({
        ServerSideEncryptionConfiguration: Match.arrayWith([
          Match.objectLike({ ServerSideEncryptionByDefault: Match.objectLike({ SSEAlgorithm: "aws:kms" }) }),
        ]),
      }),
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ["PUT"],
            AllowedOrigins: ["https://*.cloudfront.net"],
            AllowedHeaders: ["content-type"],
          }),
        ],
      },
    });
  });

  it("the web bucket is reached only through CloudFront origin access control", () => {
    service.hasResourceProperties("AWS::CloudFront::OriginAccessControl", {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: "s3", SigningBehavior: "always" }),
    });
  });

  it("CloudFront forwards /api/* to the HTTP API over TLS 1.2 without caching", () => {
    const [distribution] = Object.values(service.findResources("AWS::CloudFront::Distribution"));
    const config = distribution?.Properties.DistributionConfig;
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    expect(api.AllowedMethods).toContain("POST");
    expect(api.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad"); // managed CachingDisabled
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: "https-only",
      OriginSSLProtocols: ["TLSv1.2"],
    });
    expect(config.Logging).toBeDefined();
  });

  it("writes /config.json with region, userPoolId, clientId and stage (no API address: the app calls its own origin), uncached", () => {
    const deployments = Object.values(service.findResources("Custom::CDKBucketDeployment"));
    const configDeployment = deployments.find((d) => JSON.stringify(d.Properties).includes("no-cache"));
    expect(configDeployment).toBeDefined();
    const markers = JSON.stringify(configDeployment?.Properties.SourceMarkers ?? []);
    expect(markers).toContain("UserPool");
    expect(markers).toContain("ServerClient");
    expect(configDeployment?.Properties.DistributionPaths).toEqual(["/config.json", "/index.html"]);
  });
});
