import { useUndoOffer, withdrawUndo } from "./undo-store";
import { useThreatAction } from "./use-threat-action";

/** "Marked 3 threats as false positive. Undo": the last false positive or dismissal, for a while. */
export function UndoBar() {
  const offer = useUndoOffer();
  const undo = useThreatAction();
  return (
    <div className="undo-bar-slot" role="status" aria-live="polite">
      {offer ? (
        <div className="undo-bar">
          <span>{offer.message}</span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={undo.isPending}
            onClick={() => undo.mutate({ action: "undo", threatIds: offer.threatIds, groups: offer.groups })}
          >
            Undo
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label="Dismiss undo"
            onClick={() => withdrawUndo(offer.id)}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
