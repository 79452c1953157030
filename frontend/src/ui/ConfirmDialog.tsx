import type { ReactNode } from "react";
import { Dialog } from "./Dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields the action needs besides the click (the current password for a destructive one). */
  children?: ReactNode;
  /** Why the action cannot be confirmed yet, shown beside the disabled button. */
  blockedReason?: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onCancel}>
      <p>{props.message}</p>
      {props.children ? <div className="form">{props.children}</div> : null}
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={props.pending || Boolean(props.blockedReason)}
          title={props.blockedReason}
          onClick={props.onConfirm}
        >
          {props.pending ? "Working..." : props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
