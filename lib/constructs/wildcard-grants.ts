import { Stack, Validations } from "aws-cdk-lib";
import { CfnPolicy } from "aws-cdk-lib/aws-iam";
import { flattenCfnReference } from "cdk-nag/lib/utils/flatten-cfn-reference.js";
import type { IConstruct } from "constructs";

/** A wildcard an IAM policy may contain, and why an auditor should accept it. */
export interface WildcardReason {
  /** Matched against cdk-nag's IAM5 finding, e.g. `Resource::<Table.Arn>/index/*` or `Action::kms:ReEncrypt*`. */
  finding: RegExp;
  reason: string;
}

const KEY = Symbol.for("likenessguard.wildcardReasons");
type Holder = IConstruct & { [KEY]?: WildcardReason[] };

/**
 * Declares, at the place a grant is made, why a wildcard in it is acceptable. Findings are only known
 * once cross-stack references are final, so a construct validation (which runs after references are
 * resolved and before cdk-nag) matches them and acknowledges exactly those findings, never the whole
 * rule: a wildcard nobody explained still fails the cdk-nag check.
 */
export function explainWildcards(scope: IConstruct, ...reasons: WildcardReason[]): void {
  const holder = scope as Holder;
  if (!holder[KEY]) {
    const registered: WildcardReason[] = [];
    holder[KEY] = registered;
    scope.node.addValidation({
      validate: () => {
        for (const policy of scope.node.findAll().filter((c): c is CfnPolicy => c instanceof CfnPolicy)) {
          acknowledgeExplained(policy, registered);
        }
        return [];
      },
    });
  }
  holder[KEY].push(...reasons);
}

function acknowledgeExplained(policy: CfnPolicy, reasons: WildcardReason[]) {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: PolicyStatementJson[] };
  for (const finding of wildcardFindings(document.Statement ?? [])) {
    const matching = reasons.filter((r) => r.finding.test(finding));
    if (matching.length === 0) continue;
    Validations.of(policy).acknowledge({
      id: `AwsSolutions-IAM5[${finding}]`,
      reason: [...new Set(matching.map((r) => r.reason))].join(" "),
    });
  }
}

interface PolicyStatementJson {
  Effect: string;
  Action?: string | string[];
  Resource?: unknown;
}

/** The same finding strings cdk-nag's IAM5 rule reports. */
function wildcardFindings(statements: PolicyStatementJson[]): string[] {
  const findings = new Set<string>();
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
  for (const s of statements) {
    if (s.Effect !== "Allow") continue;
    for (const a of list(s.Action)) if (typeof a === "string" && a.includes("*")) findings.add(`Action::${a}`);
    for (const r of list(s.Resource)) {
      const flat = flattenCfnReference(r);
      if (flat.includes("*")) findings.add(`Resource::${flat}`);
    }
  }
  return [...findings];
}
