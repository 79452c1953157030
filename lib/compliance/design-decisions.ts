import { CfnResource, Stack } from "aws-cdk-lib";
import type { IConstruct } from "constructs";
import { inBothCompliancePacks, justify } from "./justify.js";

/**
 * Decisions that hold for every resource of a kind in the app, stated once here and applied to
 * each such resource (CDK's own deployment handlers included) by `applyDesignDecisions`. A rule one
 * resource breaks for its own reason is justified next to that resource instead.
 */
export const DESIGN_DECISIONS = {
  functionsOutsideVpc: {
    checkov: ["CKV_AWS_117"],
    nag: inBothCompliancePacks("LambdaInsideVPC"),
    reason:
      "Functions run outside any VPC by design: they reach the gallery over the RDS Data API (HTTPS, IAM-signed) and every other dependency (DynamoDB, S3, KMS, Step Functions, Cognito, SES, SNS, Secrets Manager) over AWS's public, TLS-only endpoints with IAM authorisation, so a VPC would add NAT gateways or interface endpoints and a network path into the isolated database subnets without protecting any traffic. The database stays in isolated subnets with no route out and no inbound rule (lib/constructs/gallery-database.ts).",
  },
  noReservedConcurrency: {
    checkov: ["CKV_AWS_115"],
    nag: inBothCompliancePacks("LambdaConcurrency"),
    reason:
      "Concurrency is bounded where work enters rather than per function: the API stage's throttling (stage config api.rateLimit and api.burstLimit), the edge and user-pool web ACLs' per-source rate rules, the state machines' Map MaxConcurrency, and the schedules' fixed rates. Lambda refuses reservations that leave under 100 unreserved executions, so reserving for every function would fail the deploy in accounts with a low quota, and a fixed slice would throttle one function's legitimate burst while others sit idle.",
  },
  inlineRolePolicies: {
    nag: inBothCompliancePacks("IAMNoInlinePolicy"),
    reason:
      "Each role belongs to one function or service and holds exactly the statements granted where its access is bound (bind methods of lib/constructs/app-function.ts, CDK grants); a customer-managed policy would be attached to that one role all the same, while an inline policy is created, reviewed and deleted with its role and cannot be attached to another by mistake.",
  },
  synchronousFunctionsWithoutDlq: {
    checkov: ["CKV_AWS_116"],
    nag: inBothCompliancePacks("LambdaDLQ"),
    reason:
      "Invoked synchronously only (API Gateway routes and authorizers, Step Functions tasks, deployment triggers, an SQS event source): the caller receives the error and handles it (the API answers 5xx and alarms, the state machine retries and catches, the deployment fails, a failed SQS message returns to its queue until the queue's redrive policy moves it to that queue's dead-letter queue), whereas a function-level dead-letter queue receives asynchronous invocations only and would never hold anything.",
  },
  singleRegionBuckets: {
    nag: inBothCompliancePacks("S3BucketReplicationEnabled"),
    reason:
      "Every bucket stays in the stage's one region: biometric samples and evidence are personal data whose erasure must reach every copy, so a cross-region replica would be one more copy to erase and a transfer of personal data to account for; S3 already stores each object across several Availability Zones, and the personal-data buckets are versioned.",
  },
  customResourceHandlersWithoutDlq: {
    checkov: ["CKV_AWS_116"],
    nag: inBothCompliancePacks("LambdaDLQ"),
    reason:
      "A CloudFormation custom resource handler (CDK's deployment-time providers): CloudFormation waits for its answer, so a failed invocation fails and rolls back the deployment, which is where it is seen; a dead-letter queue would only keep a request that is meaningless once that deployment has ended.",
  },
} as const;

const LAMBDA = "AWS::Lambda::Function";

/**
 * Applies DESIGN_DECISIONS to every matching resource of the app. It runs as a validation, so it
 * also reaches resources CDK adds while preparing the app (cross-region reference handlers), and
 * before cdk-nag and template synthesis read the justifications.
 */
export function applyDesignDecisions(app: IConstruct): void {
  app.node.addValidation({
    validate: () => {
      for (const stack of app.node.findAll().filter((c): c is Stack => Stack.isStack(c))) applyToStack(stack);
      return [];
    },
  });
}

function applyToStack(stack: Stack) {
  const resources = stack.node
    .findAll()
    .filter((c): c is CfnResource => CfnResource.isCfnResource(c) && Stack.of(c) === stack);
  const callers = invocationsByFunction(stack, resources);
  for (const resource of resources) {
    if (resource.cfnResourceType === LAMBDA) {
      justify(resource, DESIGN_DECISIONS.functionsOutsideVpc);
      justify(resource, DESIGN_DECISIONS.noReservedConcurrency);
      const invocations = callers.get(logicalId(stack, resource)) ?? new Set();
      // A function something invokes asynchronously needs its failures caught (Monitoring's on-failure
      // destination); only the ones nothing invokes asynchronously are justified here.
      if (invocations.has("cloudformation") && invocations.size === 1)
        justify(resource, DESIGN_DECISIONS.customResourceHandlersWithoutDlq);
      else if (invocations.size > 0 && !invocations.has("asynchronous") && !invocations.has("cloudformation"))
        justify(resource, DESIGN_DECISIONS.synchronousFunctionsWithoutDlq);
    }
    if (resource.cfnResourceType === "AWS::S3::Bucket") justify(resource, DESIGN_DECISIONS.singleRegionBuckets);
    if (resource.cfnResourceType === "AWS::IAM::Policy" || hasInlinePolicies(stack, resource)) {
      justify(resource, DESIGN_DECISIONS.inlineRolePolicies);
    }
  }
}

/** The id the template uses (a function version's id carries a hash fixed only at synthesis). */
const logicalId = (stack: Stack, resource: CfnResource): string => stack.resolve(resource.logicalId) as string;

/** What CloudFormation would deploy for a resource, references resolved (CDK's own rendering). */
function rendered(stack: Stack, resource: CfnResource): { Type?: string; Properties?: Record<string, unknown> } {
  const cfn = (
    resource as unknown as { _toCloudFormation(): { Resources: Record<string, unknown> } }
  )._toCloudFormation();
  const [only] = Object.values(
    stack.resolve(cfn.Resources) as Record<string, { Properties?: Record<string, unknown> }>,
  );
  return only ?? {};
}

function hasInlinePolicies(stack: Stack, resource: CfnResource): boolean {
  if (resource.cfnResourceType !== "AWS::IAM::Role") return false;
  return ((rendered(stack, resource).Properties?.Policies as unknown[] | undefined)?.length ?? 0) > 0;
}

type Invocation = "synchronous" | "asynchronous" | "cloudformation";

/** Resource types that invoke the functions they name, and how (Lambda::Permission and IAM policies only allow). */
function invocationBy(type: string, properties: Record<string, unknown>): Invocation | undefined {
  if (
    [
      "AWS::ApiGatewayV2::Integration",
      "AWS::ApiGatewayV2::Authorizer",
      "AWS::StepFunctions::StateMachine",
      // An SQS event source: a failed batch stays in its queue, whose redrive policy is the dead-letter queue.
      "AWS::Lambda::EventSourceMapping",
    ].includes(type)
  )
    return "synchronous";
  if (type === "Custom::Trigger") return properties.InvocationType === "Event" ? "asynchronous" : "synchronous";
  if (["AWS::Events::Rule", "AWS::Scheduler::Schedule", "AWS::SNS::Subscription"].includes(type)) return "asynchronous";
  return undefined;
}

/** Logical ids a value refers to (Ref and Fn::GetAtt). */
function referencedIds(value: unknown): string[] {
  const text = JSON.stringify(value) ?? "";
  return [...text.matchAll(/"Ref":"([^"]+)"|"Fn::GetAtt":\["([^"]+)"/g)].map((m) => (m[1] ?? m[2]) as string);
}

/** For each function of the stack, how the stack's resources invoke it. */
function invocationsByFunction(stack: Stack, resources: CfnResource[]): Map<string, Set<Invocation>> {
  const renderedById = new Map(resources.map((r) => [logicalId(stack, r), rendered(stack, r)]));
  // A caller may name a published version; it invokes that version's function.
  const functionOf = (id: string): string => {
    const target = renderedById.get(id);
    if (target?.Type !== "AWS::Lambda::Version") return id;
    return referencedIds(target.Properties?.FunctionName)[0] ?? id;
  };
  const byFunction = new Map<string, Set<Invocation>>();
  for (const [, resource] of renderedById) {
    const type = resource.Type ?? "";
    const properties = resource.Properties ?? {};
    const isCustomResource = type.startsWith("Custom::") || type === "AWS::CloudFormation::CustomResource";
    const invocations: [Invocation, unknown][] = [];
    if (isCustomResource) invocations.push(["cloudformation", properties.ServiceToken]);
    const how = invocationBy(type, properties);
    if (how) invocations.push([how, type === "Custom::Trigger" ? properties.HandlerArn : properties]);
    for (const [invocation, value] of invocations) {
      for (const id of referencedIds(value).map(functionOf)) {
        if (renderedById.get(id)?.Type !== LAMBDA) continue;
        const set = byFunction.get(id) ?? new Set<Invocation>();
        set.add(invocation);
        byFunction.set(id, set);
      }
    }
  }
  return byFunction;
}
