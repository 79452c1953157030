import { type ScanRun, scanProgressText } from "./ScanProgress";

export function ForceScanButton(props: { running: boolean; onStart: () => void; progress: ScanRun | null }) {
  return (
    <div>
      <button type="button" className="btn btn-primary" disabled={props.running} onClick={props.onStart}>
        {props.running ? "Scanning..." : "Force Scan"}
      </button>
      <p className="small muted scan-progress" role="status" aria-live="polite">
        {props.progress ? scanProgressText(props.progress) : ""}
      </p>
    </div>
  );
}
