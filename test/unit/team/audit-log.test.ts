import { describe, expect, it } from "vitest";
import { auditLogCsv } from "../../../packages/domain/src/team/audit-log.js";
import { can, PERMISSIONS } from "../../../packages/domain/src/team/policy.js";

const entry = (over: Record<string, unknown> = {}) => ({
  accountId: "acc",
  entryId: "e1",
  at: "2026-11-24T00:00:00.000Z",
  actorUserId: "u1",
  action: "threat.status_changed" as const,
  details: {},
  ...over,
});

describe("the audit log export", () => {
  it("writes RFC 4180 CSV: a header, one row per entry, quotes around commas, quotes and line breaks", () => {
    const csv = auditLogCsv([
      entry({ actorLabel: "ana@example.com", subject: "t-1", details: { to: "dismissed" } }),
      entry({ subject: 'a "quoted", title\nwith a break' }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      "at,actorUserId,actorLabel,action,subject,details",
      "2026-11-24T00:00:00.000Z,u1,ana@example.com,threat.status_changed,t-1,to=dismissed",
      '2026-11-24T00:00:00.000Z,u1,,threat.status_changed,"a ""quoted"", title\nwith a break",',
      "",
    ]);
  });

  it("never lets a spreadsheet run a cell as a formula", () => {
    const csv = auditLogCsv([entry({ actorLabel: '=HYPERLINK("http://x")', subject: "+1", details: { a: "-2" } })]);
    const row = csv.split("\r\n")[1] ?? "";
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(row).toContain(",'+1,");
    expect(row).not.toMatch(/,[=+@]/);
  });
});

describe("the role policy", () => {
  it("gives the owner everything, an admin all but the owner's own, an analyst reading and triage only", () => {
    expect(PERMISSIONS.filter((p) => can("owner", p))).toEqual([...PERMISSIONS]);
    expect(PERMISSIONS.filter((p) => !can("admin", p))).toEqual(["owner:only"]);
    expect(PERMISSIONS.filter((p) => can("analyst", p))).toEqual(["account:read", "threats:triage"]);
  });
});
