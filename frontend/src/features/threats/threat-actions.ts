import type { ThreatAction, ThreatListItem } from "./triage-types";

/**
 * What a person may do with a threat in its status. The server says so per threat
 * (`allowedActions`); threats answered without it (demo, older answers) follow the same rule
 * (packages/domain/src/threats/threat-actions.ts): only an active threat can be taken down.
 */
const BY_STATUS: Record<string, ThreatAction[]> = {
  active: ["false_positive", "dismiss", "takedown"],
  false_positive: ["undo"],
  dismissed: ["undo"],
  takedown_requested: [],
  removed: [],
};

export function actionsFor(threat: Pick<ThreatListItem, "status" | "allowedActions">): ThreatAction[] {
  return threat.allowedActions ?? BY_STATUS[threat.status] ?? [];
}

export const allows = (threat: Pick<ThreatListItem, "status" | "allowedActions">, action: ThreatAction) =>
  actionsFor(threat).includes(action);

/** The words of a finished action, for the undo bar and toasts. */
export function actionDoneText(action: ThreatAction, count: number): string {
  const what = count === 1 ? "1 threat" : `${count} threats`;
  switch (action) {
    case "false_positive":
      return `Marked ${what} as false positive.`;
    case "dismiss":
      return `Dismissed ${what}.`;
    case "undo":
      return `Restored ${what} to active.`;
    case "takedown":
      return `Takedown started for ${what}.`;
    case "dispute_label":
      return `The "Possibly synthetic" label of ${what} is withdrawn as you disputed it; the likeness finding stays.`;
  }
}
