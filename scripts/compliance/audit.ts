import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { type App, CfnResource, Stack } from "aws-cdk-lib";
import { CONTROL_OBJECTIVES, type Framework, objectivesOf, ruleOf } from "../../lib/compliance/controls.js";
import { fromRoot } from "../../lib/paths.js";
import { type CheckovCheck, logicalIdOf, runCheckov } from "./checkov.js";
import { nagOutcomes, nistControlsNamedBy } from "./nag-outcomes.js";

export type OutcomeStatus = "compliant" | "justified" | "failing";

/** One rule's verdict on one resource, from either tool. */
export interface Outcome {
  tool: "cdk-nag" | "checkov";
  /** Rule id as the tool reports it (a cdk-nag finding keeps its `[...]` suffix). */
  rule: string;
  ruleText: string;
  path: string;
  resourceType: string;
  status: OutcomeStatus;
  reason?: string;
}

export interface ControlRow {
  framework: Framework;
  id: string;
  title: string;
  /** Why this control is listed: the objectives of lib/compliance/controls.ts, or the NIST pack naming it. */
  mappedBy: string[];
  rules: string[];
  resourceTypes: string[];
  /** Verdicts of those rules, one per rule and resource; the resources themselves are under `rules`. */
  counts: Record<OutcomeStatus, number>;
  /** Resources the rules found compliant: what implements the control's checked part. */
  resources: number;
}

/** One rule with the controls it is evidence for and its verdict on each resource (construct paths). */
export interface RuleRow {
  rule: string;
  tool: Outcome["tool"];
  text: string;
  controls: string[];
  compliant: string[];
  justified: string[];
  failing: string[];
}

export interface Suppression {
  reason: string;
  rules: string[];
  resources: string[];
}

export interface AuditReport {
  stage: string;
  tools: { checkov: string; cdkNag: string; cdkNagPacks: string[] };
  totals: Record<OutcomeStatus, number> & { resources: number; rules: number };
  controls: ControlRow[];
  rules: RuleRow[];
  suppressions: Suppression[];
  /** Rules that ran but serve as evidence for no control in the table (listed, not hidden). */
  unmappedRules: string[];
  /** Rules the table names that produced no verdict on this app (a typo, or a resource kind the app lacks). */
  mappedRulesNotRun: string[];
}

const NIST_PACK_PREFIX = "NIST.800.53.R5-";
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort(byString);

function cfnResources(app: App): CfnResource[] {
  return app.node.findAll().filter((c): c is CfnResource => CfnResource.isCfnResource(c));
}

function checkovOutcomes(app: App, checks: CheckovCheck[]): Outcome[] {
  const byTemplateId = new Map<string, CfnResource>();
  for (const resource of cfnResources(app)) {
    const stack = Stack.of(resource);
    byTemplateId.set(`${stack.templateFile}#${stack.resolve(resource.logicalId)}`, resource);
  }
  return checks.map((check) => {
    const resource = byTemplateId.get(`${basename(check.file_path)}#${logicalIdOf(check)}`);
    if (!resource)
      throw new Error(`checkov reported ${check.resource} in ${check.file_path}, which the app does not hold`);
    const result = check.check_result.result;
    const status: OutcomeStatus = result === "PASSED" ? "compliant" : result === "SKIPPED" ? "justified" : "failing";
    return {
      tool: "checkov" as const,
      rule: check.check_id,
      ruleText: check.check_name,
      path: resource.node.path,
      resourceType: resource.cfnResourceType,
      status,
      ...(status === "justified" ? { reason: check.check_result.suppress_comment ?? "" } : {}),
    };
  });
}

/**
 * The control matrix of a synthesized app: every cdk-nag (AWS Solutions, NIST 800-53 rev. 5, HIPAA
 * Security) and checkov verdict on every resource, grouped by the controls each rule is evidence for,
 * and every justification with the resources it covers.
 */
export function buildAudit(app: App, stage: string): AuditReport {
  const stacks = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  const checkov = runCheckov(stacks.map((s) => join(app.outdir, s.templateFile)));
  const outcomes: Outcome[] = [
    ...nagOutcomes(app).map((o) => ({
      tool: "cdk-nag" as const,
      rule: o.ruleId,
      ruleText: o.info,
      path: o.path,
      resourceType: o.resourceType,
      status: o.status,
      ...(o.reason !== undefined ? { reason: o.reason } : {}),
    })),
    ...checkovOutcomes(app, [...checkov.passed, ...checkov.skipped, ...checkov.failed]),
  ];

  const rows = new Map<string, ControlRow & { outcomes: Outcome[] }>();
  const rowFor = (framework: Framework, id: string, title: string) => {
    const key = `${framework}|${id}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        framework,
        id,
        title,
        mappedBy: [],
        rules: [],
        resourceTypes: [],
        counts: { compliant: 0, justified: 0, failing: 0 },
        resources: 0,
        outcomes: [],
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const outcome of outcomes) {
    for (const objective of objectivesOf(outcome.rule)) {
      for (const control of objective.controls) {
        const row = rowFor(control.framework, control.id, control.title);
        row.mappedBy.push(objective.id);
        row.outcomes.push(outcome);
      }
    }
    if (outcome.rule.startsWith(NIST_PACK_PREFIX)) {
      for (const id of nistControlsNamedBy(outcome.ruleText)) {
        const row = rowFor("NIST SP 800-53 rev. 5", id, "");
        row.mappedBy.push("named by the cdk-nag NIST 800-53 rev. 5 rule");
        row.outcomes.push(outcome);
      }
    }
  }
  const controls = [...rows.values()]
    .map(({ outcomes: found, ...row }) => {
      const unique = [...new Map(found.map((o) => [`${o.rule}|${o.path}`, o])).values()];
      for (const o of unique) row.counts[o.status] += 1;
      return {
        ...row,
        mappedBy: sortedUnique(row.mappedBy),
        rules: sortedUnique(unique.map((o) => ruleOf(o.rule))),
        resourceTypes: sortedUnique(unique.map((o) => o.resourceType)),
        resources: new Set(unique.filter((o) => o.status === "compliant").map((o) => o.path)).size,
      };
    })
    .sort((a, b) => byString(a.framework, b.framework) || compareControlIds(a.id, b.id));

  const ruleRows = new Map<string, RuleRow>();
  for (const o of outcomes) {
    const rule = ruleOf(o.rule);
    const row = ruleRows.get(rule) ?? {
      rule,
      tool: o.tool,
      text: o.ruleText,
      controls: sortedUnique([
        ...objectivesOf(rule).flatMap((obj) => obj.controls.map((c) => `${c.framework} ${c.id}`)),
        ...(rule.startsWith(NIST_PACK_PREFIX)
          ? nistControlsNamedBy(o.ruleText).map((id) => `NIST SP 800-53 rev. 5 ${id}`)
          : []),
      ]),
      compliant: [],
      justified: [],
      failing: [],
    };
    row[o.status].push(o.rule === rule ? o.path : `${o.path} ${o.rule.slice(rule.length)}`);
    ruleRows.set(rule, row);
  }
  const rules = [...ruleRows.values()]
    .map((r) => ({
      ...r,
      compliant: sortedUnique(r.compliant),
      justified: sortedUnique(r.justified),
      failing: sortedUnique(r.failing),
    }))
    .sort((a, b) => byString(a.rule, b.rule));

  const suppressionsByReason = new Map<string, { rules: Set<string>; resources: Set<string> }>();
  for (const o of outcomes.filter((x) => x.status === "justified")) {
    const entry = suppressionsByReason.get(o.reason ?? "") ?? { rules: new Set(), resources: new Set() };
    entry.rules.add(o.rule);
    entry.resources.add(o.path);
    suppressionsByReason.set(o.reason ?? "", entry);
  }
  const suppressions = [...suppressionsByReason.entries()]
    .map(([reason, e]) => ({ reason, rules: sortedUnique(e.rules), resources: sortedUnique(e.resources) }))
    .sort((a, b) => byString(a.rules[0] ?? "", b.rules[0] ?? "") || byString(a.reason, b.reason));

  const rulesRun = new Set(outcomes.map((o) => ruleOf(o.rule)));
  const mapped = new Set(CONTROL_OBJECTIVES.flatMap((o) => [...o.nag, ...o.checkov]));
  const count = (status: OutcomeStatus) => outcomes.filter((o) => o.status === status).length;
  return {
    stage,
    tools: {
      checkov: checkov.summary.checkov_version,
      cdkNag: (JSON.parse(readFileSync(fromRoot("node_modules/cdk-nag/package.json"), "utf8")) as { version: string })
        .version,
      cdkNagPacks: ["AwsSolutions", "NIST.800.53.R5", "HIPAA.Security"],
    },
    totals: {
      resources: new Set(outcomes.map((o) => o.path)).size,
      rules: rulesRun.size,
      compliant: count("compliant"),
      justified: count("justified"),
      failing: count("failing"),
    },
    controls,
    rules,
    suppressions,
    unmappedRules: sortedUnique([...rulesRun].filter((r) => !mapped.has(r) && !r.startsWith(NIST_PACK_PREFIX))),
    mappedRulesNotRun: sortedUnique([...mapped].filter((r) => !rulesRun.has(r))),
  };
}

/** CC6.1 < CC6.10, A.8.2 < A.8.15, AC-2(6) < AC-3: numeric parts compared as numbers. */
function compareControlIds(a: string, b: string): number {
  const parts = (id: string) => id.split(/(\d+)/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? "";
    const y = pb[i] ?? "";
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return byString(String(x), String(y));
  }
  return 0;
}
