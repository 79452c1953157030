import { randomUUID } from "node:crypto";
import { DomainError } from "../errors.js";
import type { ThreatRecord, ThreatRepository } from "./threat-ports.js";

export type ThreatStatus = ThreatRecord["status"];

/** Who may move a threat where: people triage; the takedown path and tracking do the rest. */
const TRANSITIONS: Record<ThreatStatus, Partial<Record<ThreatStatus, "user" | "system">>> = {
  active: { false_positive: "user", dismissed: "user", takedown_requested: "system" },
  false_positive: { active: "user" },
  dismissed: { active: "user" },
  takedown_requested: { removed: "system", active: "system" },
  removed: {},
};

export interface StatusChange {
  userId: string;
  threatId: string;
  to: ThreatStatus;
  actor: "user" | "system";
  /** The audit's action name (the triage action, or why the system moved it). */
  reason?: string;
  /** Part of a bulk or group action (audited as such). */
  bulk?: boolean;
  /** The person who acted, when not the account holder (a team member acting on the account). */
  actorId?: string;
}

/**
 * Tells the account's integrations (webhooks: threat.updated) that a threat changed. It must not
 * throw: the change stands whatever an integration does with it.
 */
export interface ThreatChangeEvents {
  threatUpdated(userId: string, threatId: string): Promise<void>;
}

/** The one place a threat's status changes: checked against who may move it where, audited, told. */
export async function changeThreatStatus(
  repo: ThreatRepository,
  input: StatusChange,
  now: () => string = () => new Date().toISOString(),
  events?: ThreatChangeEvents,
): Promise<ThreatRecord> {
  const threat = await repo.get(input.userId, input.threatId);
  if (!threat) throw new DomainError("not-found", "Threat not found");
  if (threat.status === input.to) return threat;
  const allowedFor = TRANSITIONS[threat.status][input.to];
  if (!allowedFor || (allowedFor === "system" && input.actor === "user")) {
    throw new DomainError("conflict", `A threat that is ${threat.status} cannot be marked ${input.to}`);
  }
  const at = now();
  if (!(await repo.updateStatus(input.userId, input.threatId, threat.status, input.to, at))) {
    throw new DomainError("conflict", "The threat changed meanwhile; reload and try again");
  }
  await repo.appendAudit({
    userId: input.userId,
    threatId: input.threatId,
    at,
    // A person's change names them; the system's says it was automatic.
    actor: input.actor === "user" ? (input.actorId ?? input.userId) : "system",
    actorKind: input.actor,
    action: input.reason ?? "status_changed",
    from: threat.status,
    to: input.to,
    ...(input.bulk ? { bulk: true } : {}),
    entryId: randomUUID().slice(0, 8),
  });
  await events?.threatUpdated(input.userId, input.threatId);
  const { previousStatus: _previous, ...rest } = threat;
  const setAside = input.to === "false_positive" || input.to === "dismissed";
  return {
    ...rest,
    status: input.to,
    updatedAt: at,
    ...(setAside ? { previousStatus: threat.status } : {}),
    ...(input.to === "removed" ? { removedAt: at } : {}),
  };
}
