import { Aws, Stack } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as kms from "aws-cdk-lib/aws-kms";
import type { IConstruct } from "constructs";
import { CustomerKey } from "./customer-key.js";

/**
 * One customer-managed key per stack and purpose, made by the first construct that needs it, so
 * log groups and function settings are encrypted under keys this account controls and audits
 * (rotation yearly, CloudTrail records every use) wherever a construct lands when stacks are split.
 * Retained where the stack is termination-protected (stages that keep data), else deleted with the
 * stack after KMS's 30-day waiting period, like the log groups and functions it encrypts.
 */
function stackKey(scope: IConstruct, id: string, description: string, configure?: (key: kms.Key) => void): kms.Key {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(id) as CustomerKey | undefined;
  if (existing) return existing.key;
  const created = new CustomerKey(stack, id, {
    alias: `alias/${stack.stackName}-${id.replace(/Key$/, "").toLowerCase()}`,
    description,
    retain: stack.terminationProtection,
  });
  configure?.(created.key);
  return created.key;
}

/** Encrypts the stack's CloudWatch log groups; CloudWatch Logs may use it for this account's log groups only. */
export function logGroupKey(scope: IConstruct): kms.Key {
  return stackKey(scope, "LogsKey", "LikenessGuard CloudWatch log groups of this stack", (key) => {
    const stack = Stack.of(key);
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ["kms:Encrypt*", "kms:Decrypt*", "kms:ReEncrypt*", "kms:GenerateDataKey*", "kms:Describe*"],
        resources: ["*"],
        conditions: {
          ArnLike: {
            "kms:EncryptionContext:aws:logs:arn": `arn:${Aws.PARTITION}:logs:${stack.region}:${stack.account}:log-group:*`,
          },
        },
      }),
    );
  });
}

/** Encrypts the stack's Lambda environment variables (resource names and ARNs, no secrets) at rest. */
export function functionSettingsKey(scope: IConstruct): kms.Key {
  return stackKey(scope, "FunctionSettingsKey", "LikenessGuard Lambda environment variables of this stack");
}
