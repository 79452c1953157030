import type { ThreatActionRequest, ThreatBulkActionRequest } from "@lg/domain/threats/threat-action-input";
import { BulkActionResult, ThreatDetails } from "@lg/domain/threats/web-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { toast } from "../../ui/toast-store";
import { STATS_KEY, THREATS_KEY } from "./queries";
import { actionDoneText } from "./threat-actions";
import type { ThreatAction } from "./triage-types";
import { offerUndo, withdrawUndo } from "./undo-store";

export interface ActionTarget {
  action: Exclude<ThreatAction, "takedown">;
  threatIds: string[];
  groups?: ThreatBulkActionRequest["groups"];
}

/**
 * One threat goes through its own route (audited as a single change); a selection or a group
 * through the bulk route, which changes each threat whose status allows it and reports the rest.
 */
async function runAction(target: ActionTarget): Promise<BulkActionResult> {
  const groups = target.groups ?? [];
  const [only] = target.threatIds;
  if (only && target.threatIds.length === 1 && groups.length === 0) {
    await apiJson(
      "POST",
      `/api/threats/${encodeURIComponent(only)}/actions`,
      { action: target.action } satisfies ThreatActionRequest,
      ThreatDetails,
    );
    return { action: target.action, changed: [only], skipped: [] };
  }
  return apiJson(
    "POST",
    "/api/threats/actions",
    { action: target.action, threatIds: target.threatIds, groups } satisfies ThreatBulkActionRequest,
    BulkActionResult,
  );
}

/** False positive, dismiss, undo and a label's dispute, with the list refreshed and Undo offered for the first two. */
export function useThreatAction(options: { onDone?: (result: BulkActionResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSuccess: async (result) => {
      // A dispute changes no status, so undo (which restores one) has nothing to offer for it.
      if (result.action === "undo") withdrawUndo();
      else if (result.action === "dispute_label" && result.changed.length > 0)
        toast({ title: "Label disputed", description: actionDoneText(result.action, result.changed.length) });
      else if (result.changed.length > 0) {
        offerUndo({
          action: result.action,
          message: actionDoneText(result.action, result.changed.length),
          threatIds: result.changed,
          groups: [],
        });
      }
      if (result.skipped.length > 0) {
        const [first] = result.skipped;
        toast({
          title: `${result.skipped.length} not changed`,
          description: `${first?.reason ?? ""}${result.skipped.length > 1 ? ", and others" : ""}.`,
        });
      } else if (result.action === "undo") {
        toast({ title: "Undone", description: actionDoneText("undo", result.changed.length) });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: THREATS_KEY }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ]);
      options.onDone?.(result);
    },
    onError: (error) => toast({ title: "Update failed", description: serverMessage(error), variant: "destructive" }),
  });
}
