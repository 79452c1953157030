import { type CfnResource, Stack, Validations } from "aws-cdk-lib";
import {
  AwsSolutionsChecks,
  HIPAASecurityChecks,
  type IApplyRule,
  NagRuleCompliance,
  NIST80053R5Checks,
} from "cdk-nag";
import type { IConstruct } from "constructs";

/** How one cdk-nag rule judged one resource. */
export interface NagOutcome {
  /** `NIST.800.53.R5-LambdaDLQ`, `AwsSolutions-IAM5[Resource::*]` for a rule that reports findings. */
  ruleId: string;
  /** The rule's own words, which name NIST controls for the NIST pack ("(Control IDs: ...)"). */
  info: string;
  path: string;
  stack: string;
  logicalId: string;
  resourceType: string;
  status: "compliant" | "justified" | "failing";
  /** The acknowledgement's reason, for a justified outcome. */
  reason?: string;
}

/** The reason an acknowledgement on the resource or an ancestor gives for a rule id, as cdk-nag looks it up. */
export function acknowledgementOf(resource: IConstruct, ruleId: string): string | undefined {
  for (let current: IConstruct | undefined = resource; current; current = current.node.scope) {
    for (const entry of current.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [id, value] of Object.entries(entry.data as Record<string, unknown>)) {
        if (id.replace(/^annotation::/i, "") !== ruleId) continue;
        return typeof value === "string" ? value : String((value as { reason?: unknown }).reason ?? "");
      }
    }
  }
  return undefined;
}

type Pack = AwsSolutionsChecks | NIST80053R5Checks | HIPAASecurityChecks;

/**
 * Runs a pack over a scope and records every rule's verdict on every resource, not only the
 * violations cdk-nag reports: a rule that passes is evidence too. The pack's own rule code decides;
 * this only listens to `applyRule`.
 */
function recordPack(pack: Pack, scope: IConstruct, outcomes: NagOutcome[]) {
  const apply = (pack as unknown as { applyRule(p: IApplyRule): void }).applyRule.bind(pack);
  (pack as unknown as { applyRule(p: IApplyRule): void }).applyRule = (params: IApplyRule) => {
    const ruleId = `${pack.readPackName}-${params.ruleSuffixOverride ?? params.rule.name}`;
    const node = params.node as CfnResource;
    const stack = Stack.of(node);
    const base = {
      info: params.info,
      path: node.node.path,
      stack: stack.stackName,
      logicalId: stack.resolve(node.logicalId) as string,
      resourceType: node.cfnResourceType,
    };
    const record = (id: string, compliant: boolean) => {
      const reason = compliant ? undefined : acknowledgementOf(node, id);
      outcomes.push({
        ...base,
        ruleId: id,
        status: compliant ? "compliant" : reason !== undefined ? "justified" : "failing",
        ...(reason !== undefined ? { reason } : {}),
      });
    };
    let result: ReturnType<IApplyRule["rule"]>;
    try {
      result = params.rule(params.node);
    } catch {
      // cdk-nag counts a rule that cannot evaluate (an unresolvable reference) as a violation.
      result = NagRuleCompliance.NON_COMPLIANT;
    }
    if (result === NagRuleCompliance.COMPLIANT) record(ruleId, true);
    else if (result === NagRuleCompliance.NON_COMPLIANT) record(ruleId, false);
    else if (Array.isArray(result)) {
      if (result.length === 0) record(ruleId, true);
      for (const finding of result) record(`${ruleId}[${finding}]`, false);
    }
    apply(params);
  };
  pack.validateScope(scope);
}

/** Every verdict of the AWS Solutions, NIST 800-53 rev. 5 and HIPAA Security packs on the app. */
export function nagOutcomes(app: IConstruct): NagOutcome[] {
  const outcomes: NagOutcome[] = [];
  for (const pack of [new AwsSolutionsChecks(), new NIST80053R5Checks(), new HIPAASecurityChecks()])
    recordPack(pack, app, outcomes);
  return outcomes;
}

/** NIST 800-53 rev. 5 control ids a NIST-pack rule names in its own words ("(Control IDs: AU-9(3), SC-28(1))."). */
export function nistControlsNamedBy(info: string): string[] {
  const start = info.indexOf("(Control IDs: ");
  const end = info.lastIndexOf(").");
  if (start < 0 || end < start) return [];
  const ids = info.slice(start + "(Control IDs: ".length, end).split(",");
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id.length > 0))];
}
