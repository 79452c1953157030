import type { App } from "aws-cdk-lib";
import { type AuditReport, buildAudit } from "./audit.js";
import { renderAuditMarkdown } from "./audit-markdown.js";

/** The stage the committed report describes: the one that keeps data. */
export const AUDIT_STAGE = "prod";
export const AUDIT_MARKDOWN = "docs/compliance/iac-audit.md";
export const AUDIT_JSON = "docs/compliance/iac-audit.json";

/** The report's two files, as committed: the same input always gives the same bytes. */
export function auditFiles(app: App): { report: AuditReport; markdown: string; json: string } {
  const report = buildAudit(app, AUDIT_STAGE);
  return { report, markdown: renderAuditMarkdown(report), json: `${JSON.stringify(report, null, 2)}\n` };
}
