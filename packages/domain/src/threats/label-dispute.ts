import { randomUUID } from "node:crypto";
import { DomainError } from "../errors.js";
import type { ThreatRecord, ThreatRepository } from "./threat-ports.js";

/**
 * A person disputes the "possibly synthetic" label of a threat, and only the label: the likeness
 * finding stands (it is still their face or voice, still open to takedown), while nothing the
 * product says calls the media synthetic again. Marking the whole threat a false positive would
 * have discarded a genuine finding (issue 36 item 12). The dispute is kept on the threat and in its
 * history; the classification keeps what the detectors read, as the record of why it was labelled.
 */
export async function disputeSyntheticLabel(
  repo: Pick<ThreatRepository, "disputeLabel" | "appendAudit">,
  input: { userId: string; actorId: string; threat: ThreatRecord; bulk?: boolean },
  now: () => string = () => new Date().toISOString(),
): Promise<ThreatRecord> {
  const { threat } = input;
  if (threat.labelDispute) throw new DomainError("conflict", "You have already disputed this threat's label");
  if (threat.classification.synthetic.status !== "possibly-synthetic")
    throw new DomainError("conflict", "This threat has no 'Possibly synthetic' label to dispute");
  const dispute = { label: "possibly-synthetic" as const, at: now(), by: input.actorId };
  if (!(await repo.disputeLabel(input.userId, threat.id, dispute)))
    throw new DomainError("conflict", "The threat changed meanwhile; reload and try again");
  await repo.appendAudit({
    userId: input.userId,
    threatId: threat.id,
    at: dispute.at,
    actor: input.actorId,
    actorKind: "user",
    action: "label_disputed",
    ...(input.bulk ? { bulk: true } : {}),
    entryId: randomUUID().slice(0, 8),
  });
  return { ...threat, labelDispute: dispute, updatedAt: dispute.at };
}

/** Whether the product may still show the threat's synthetic reading as a label: not once disputed. */
export const labelStands = (threat: Pick<ThreatRecord, "labelDispute">) => !threat.labelDispute;
