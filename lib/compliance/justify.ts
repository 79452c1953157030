import { CfnResource, Validations } from "aws-cdk-lib";
import type { IConstruct } from "constructs";

/** The cdk-nag packs the app is checked against (bin/app.ts, test/infra/nag.test.ts). */
export const NAG_PACKS = ["AwsSolutions", "NIST.800.53.R5", "HIPAA.Security"] as const;
export type NagPack = (typeof NAG_PACKS)[number];

/** The NIST 800-53 rev. 5 and HIPAA Security packs share their rule names (cdk-nag's rules/ folder). */
export const inBothCompliancePacks = (rule: string): string[] => [`NIST.800.53.R5-${rule}`, `HIPAA.Security-${rule}`];

/**
 * Why a resource does not do what a rule asks, said once for every tool that asks it: cdk-nag rule ids
 * (any pack, `AwsSolutions-IAM5[finding]` included) and checkov check ids (`CKV_AWS_117`).
 */
export interface Justification {
  nag?: readonly string[];
  checkov?: readonly string[];
  reason: string;
}

/** The CloudFormation metadata checkov reads a skip from (its documented skip-with-comment format). */
interface CheckovMetadata {
  skip: { id: string; comment: string }[];
}

const CHECKOV_METADATA_KEY = "checkov";

/**
 * Records a justification next to the resource it is about: cdk-nag acknowledgements as CDK
 * validation metadata (cdk-nag reads them on the construct or an ancestor), checkov skips in the
 * CloudFormation resource's own Metadata, so an auditor running checkov on the template sees the reason.
 */
export function justify(scope: IConstruct, justification: Justification): void {
  for (const id of justification.nag ?? []) Validations.of(scope).acknowledge({ id, reason: justification.reason });
  const checkov = justification.checkov ?? [];
  if (checkov.length === 0) return;
  const resource = cfnResourceOf(scope);
  const existing = (resource.getMetadata(CHECKOV_METADATA_KEY) as CheckovMetadata | undefined)?.skip ?? [];
  const skip = [...existing];
  for (const id of checkov) {
    const same = skip.find((s) => s.id === id);
    if (same && !same.comment.includes(justification.reason)) same.comment = `${same.comment} ${justification.reason}`;
    else if (!same) skip.push({ id, comment: justification.reason });
  }
  resource.addMetadata(CHECKOV_METADATA_KEY, { skip } satisfies CheckovMetadata);
}

/** The checkov skips recorded on a resource (what the audit report lists). */
export function checkovSkips(resource: CfnResource): { id: string; comment: string }[] {
  return (resource.getMetadata(CHECKOV_METADATA_KEY) as CheckovMetadata | undefined)?.skip ?? [];
}

function cfnResourceOf(scope: IConstruct): CfnResource {
  if (CfnResource.isCfnResource(scope)) return scope;
  const child = scope.node.defaultChild;
  if (child && CfnResource.isCfnResource(child)) return child;
  throw new Error(`${scope.node.path} has no CloudFormation resource to record a checkov skip on`);
}
