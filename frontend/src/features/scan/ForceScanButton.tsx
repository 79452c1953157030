import type { ScanStatus } from "../../api/types";

type RunningScan = Exclude<ScanStatus, { status: "idle" }>;

export function ForceScanButton(props: { running: boolean; onStart: () => void; progress: RunningScan | null }) {
  return (
    <div>
      <button type="button" className="btn btn-primary" disabled={props.running} onClick={props.onStart}>
        {props.running ? "Scanning..." : "Force Scan"}
      </button>
      <p className="small muted scan-progress" role="status" aria-live="polite">
        {props.progress
          ? `Scanning: ${props.progress.itemsScanned} items checked, ${props.progress.threatsFound} threats found`
          : ""}
      </p>
    </div>
  );
}
