/**
 * npm run audit:iac: the control matrix of the synthesized app (stage prod, as cdk.json defines it)
 * into docs/compliance/iac-audit.md and iac-audit.json. test/infra/audit-report.test.ts builds the
 * same report and fails when the committed copy differs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fromRoot } from "../lib/paths.js";
import { buildApp, stageFromCdkJson } from "../test/infra/synth-app.js";
import { AUDIT_JSON, AUDIT_MARKDOWN, AUDIT_STAGE, auditFiles } from "./compliance/audit-files.js";

const { app } = buildApp(stageFromCdkJson(AUDIT_STAGE));
app.synth();
const files = auditFiles(app);
mkdirSync(dirname(fromRoot(AUDIT_JSON)), { recursive: true });
writeFileSync(fromRoot(AUDIT_JSON), files.json);
writeFileSync(fromRoot(AUDIT_MARKDOWN), files.markdown);
const { totals } = files.report;
console.log(
  `${AUDIT_MARKDOWN}: ${totals.resources} resources, ${totals.rules} rules, ${totals.compliant} compliant, ${totals.justified} justified, ${totals.failing} failing`,
);
if (totals.failing > 0) process.exitCode = 1;
