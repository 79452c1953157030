import { auditLogCsv } from "@lg/domain/team/audit-log";
import { auditLog } from "../../shared/accounts/services.js";
import { jsonAttachment } from "../../shared/http/responses.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/** GET /api/audit-log[?format=csv|json]: the account's audit log, newest first; csv and json download as files. */
export const readAuditLog: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  const entries = await auditLog().list(accountId);
  const format = event.queryStringParameters?.format;
  const day = new Date().toISOString().slice(0, 10);
  if (format === "csv") {
    return {
      statusCode: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="likenessguard-audit-${day}.csv"`,
        "cache-control": "no-store",
      },
      body: auditLogCsv(entries),
    };
  }
  if (format === "json") return jsonAttachment(`likenessguard-audit-${day}.json`, { entries });
  return json(200, { entries });
};
