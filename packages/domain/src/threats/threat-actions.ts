import type { ThreatRecord } from "./threat-ports.js";

type Status = ThreatRecord["status"];

/** What a person may do to a threat from the list or its details; `takedown` is the notice flow's. */
export const THREAT_ACTIONS = ["false_positive", "dismiss", "undo", "takedown"] as const;
export type ThreatAction = (typeof THREAT_ACTIONS)[number];

/**
 * The actions the threats API itself carries out (takedown goes through a notice). `dispute_label`
 * disputes a "possibly synthetic" label and leaves the status alone (label-dispute.ts).
 */
export const TRIAGE_ACTIONS = ["false_positive", "dismiss", "undo", "dispute_label"] as const;
export type TriageAction = (typeof TRIAGE_ACTIONS)[number];
/** The triage actions that move a threat's status. */
export type StatusAction = Exclude<TriageAction, "dispute_label">;

const ALLOWED: Record<Status, readonly ThreatAction[]> = {
  active: ["false_positive", "dismiss", "takedown"],
  false_positive: ["undo"],
  dismissed: ["undo"],
  // A notice is out (or the content is gone): marking it now would contradict what was sent.
  takedown_requested: [],
  removed: [],
};

/** The one rule for which actions a status allows: the list offers these, the API refuses the rest. */
export const allowedActions = (status: Status): ThreatAction[] => [...ALLOWED[status]];

/**
 * The status a triage action moves a threat to, or null when its status does not allow the action.
 * Undo restores the status the false positive or dismissal replaced.
 */
export function statusAfter(threat: Pick<ThreatRecord, "status" | "previousStatus">, action: StatusAction) {
  if (!ALLOWED[threat.status].includes(action)) return null;
  if (action === "false_positive") return "false_positive" as const;
  if (action === "dismiss") return "dismissed" as const;
  return threat.previousStatus ?? "active";
}
