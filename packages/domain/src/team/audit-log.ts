import { randomUUID } from "node:crypto";
import type { AuditAction, AuditEntryRecord, AuditStore } from "./ports.js";

export interface Actor {
  userId: string;
  /** The address or number they signed in with, so the log reads as people, not ids. */
  label?: string;
}

/** The billing provider changes plans; its entries name it rather than a person. */
export const BILLING_ACTOR: Actor = { userId: "billing", label: "Billing provider" };

/** Who did what on an account; append-only. */
export class AuditLog {
  constructor(
    private readonly store: AuditStore,
    private readonly now: () => Date,
  ) {}

  async record(
    accountId: string,
    actor: Actor,
    action: AuditAction,
    subject?: string,
    details: Record<string, string> = {},
  ): Promise<void> {
    await this.store.append({
      accountId,
      entryId: randomUUID(),
      at: this.now().toISOString(),
      actorUserId: actor.userId,
      ...(actor.label ? { actorLabel: actor.label } : {}),
      action,
      ...(subject ? { subject } : {}),
      details,
    });
  }

  list(accountId: string): Promise<AuditEntryRecord[]> {
    return this.store.list(accountId);
  }
}

const CSV_COLUMNS = ["at", "actorUserId", "actorLabel", "action", "subject", "details"] as const;

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function auditLogCsv(entries: readonly AuditEntryRecord[]): string {
  const rows = entries.map((e) =>
    [
      e.at,
      e.actorUserId,
      e.actorLabel ?? "",
      e.action,
      e.subject ?? "",
      Object.entries(e.details)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
