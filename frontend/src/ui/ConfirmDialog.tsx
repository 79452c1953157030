import { Dialog } from "./Dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onCancel}>
      <p>{props.message}</p>
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" disabled={props.pending} onClick={props.onConfirm}>
          {props.pending ? "Working..." : props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
