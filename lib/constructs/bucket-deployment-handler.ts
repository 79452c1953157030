import { Stack, Validations } from "aws-cdk-lib";
import type * as s3deploy from "aws-cdk-lib/aws-s3-deployment";
import { justify } from "../compliance/justify.js";
import { explainWildcards } from "./wildcard-grants.js";

/**
 * The findings on CDK's BucketDeployment handler, explained: its role's grants (`reason`: what this
 * deployment copies where) and the stack-level singleton function CDK makes for it.
 */
export function acknowledgeBucketDeploymentHandler(deployment: s3deploy.BucketDeployment, reason: string): void {
  explainWildcards(deployment.handlerRole, { finding: /.*/, reason });
  const policy = deployment.handlerRole.node.tryFindChild("DefaultPolicy")?.node.defaultChild;
  if (policy) justify(policy, { checkov: ["CKV_AWS_111"], reason });
  for (const child of Stack.of(deployment).node.children) {
    if (!child.node.id.startsWith("Custom::CDKBucketDeployment")) continue;
    const handler = child.node.defaultChild;
    if (handler) {
      justify(handler, {
        checkov: ["CKV_AWS_173"],
        reason:
          "CDK's deployment-time BucketDeployment handler; its only environment variable is AWS_CA_BUNDLE, a file path, and its settings are encrypted at rest by Lambda.",
      });
    }
    Validations.of(child).acknowledge(
      {
        id: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason:
          "CDK's deployment-time BucketDeployment handler writes its own logs with the AWS basic execution policy.",
      },
      {
        id: "AwsSolutions-L1",
        reason: "The BucketDeployment handler's runtime is pinned by aws-cdk-lib and upgraded with it.",
      },
    );
  }
}
