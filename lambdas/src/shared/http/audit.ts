import type { AuditAction } from "@lg/domain/team/ports";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { auditLog } from "../accounts/services.js";
import { auditActor, requireActor } from "./actor.js";

/** Writes who did it (the signed-in person, whatever their role) into the account's audit log. */
export async function recordAudit(
  event: APIGatewayProxyEventV2,
  action: AuditAction,
  subject: string,
  details: Record<string, string> = {},
): Promise<void> {
  const actor = await requireActor(event);
  await auditLog().record(actor.accountId, await auditActor(actor), action, subject, details);
}
