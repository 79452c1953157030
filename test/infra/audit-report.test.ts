import { readFileSync } from "node:fs";
import type { App } from "aws-cdk-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTROL_OBJECTIVES } from "../../lib/compliance/controls.js";
import { fromRoot } from "../../lib/paths.js";
import type { AuditReport } from "../../scripts/compliance/audit.js";
import { AUDIT_JSON, AUDIT_MARKDOWN, AUDIT_STAGE, auditFiles } from "../../scripts/compliance/audit-files.js";
import { synthesizedStage } from "./synth-app.js";

const REGENERATE = "run `npm run audit:iac` and commit docs/compliance";

describe(`the IaC audit report (stage ${AUDIT_STAGE})`, () => {
  let files: ReturnType<typeof auditFiles>;
  let report: AuditReport;
  beforeAll(() => {
    // The first run installs checkov from PyPI (about 100 s on this machine) before it checks anything.
    const app = synthesizedStage(AUDIT_STAGE).service.node.root as App;
    files = auditFiles(app);
    report = files.report;
  }, 600_000);

  it("finds no rule broken without a justification", () => {
    expect(report.totals.failing).toBe(0);
    expect(report.rules.filter((r) => r.failing.length > 0).map((r) => `${r.rule}: ${r.failing.join(", ")}`)).toEqual(
      [],
    );
  });

  it("maps only rules the tools ran, so a mistyped or retired rule id cannot pose as evidence", () => {
    expect(report.mappedRulesNotRun).toEqual([]);
  });

  it("lists each framework's controls with the rules that check them and the resources that pass", () => {
    for (const framework of ["SOC 2", "ISO/IEC 27001:2022", "NIST SP 800-53 rev. 5"] as const) {
      const rows = report.controls.filter((c) => c.framework === framework);
      const mapped = new Set(
        CONTROL_OBJECTIVES.flatMap((o) => o.controls.filter((c) => c.framework === framework).map((c) => c.id)),
      );
      expect(rows.length, framework).toBeGreaterThanOrEqual(mapped.size);
      for (const row of rows) expect(row.rules.length, `${framework} ${row.id}`).toBeGreaterThan(0);
    }
    const encryption = report.controls.find((c) => c.framework === "SOC 2" && c.id === "CC6.1");
    expect(encryption?.rules).toContain("CKV_AWS_158");
    expect(encryption?.resources).toBeGreaterThan(0);
  });

  it("lists every justification with its reason and resources", () => {
    const justifiedVerdicts = report.rules.reduce((n, r) => n + r.justified.length, 0);
    expect(report.suppressions.reduce((n, s) => n + s.resources.length, 0)).toBeGreaterThan(0);
    expect(justifiedVerdicts).toBe(report.totals.justified);
    for (const s of report.suppressions) expect(s.reason.length, s.rules.join(", ")).toBeGreaterThan(40);
  });

  it(`matches the committed ${AUDIT_MARKDOWN} and ${AUDIT_JSON} (${REGENERATE})`, () => {
    expect(readFileSync(fromRoot(AUDIT_JSON), "utf8"), REGENERATE).toBe(files.json);
    expect(readFileSync(fromRoot(AUDIT_MARKDOWN), "utf8"), REGENERATE).toBe(files.markdown);
  });
});
