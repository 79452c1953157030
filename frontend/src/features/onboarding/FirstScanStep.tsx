import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import type { Profile } from "../../api/types";
import { ScanProgressFigures, type ScanRun, scanProgressText } from "../scan/ScanProgress";
import { useForceScan } from "../scan/use-force-scan";

/** A scan can look for someone only with platforms to search and a verified face or a voice to look for. */
export const canScan = (profile: Profile) =>
  profile.platforms.length > 0 && (profile.faceVerified || profile.voiceEnrolled);

function missing(profile: Profile): string[] {
  return [
    ...(profile.platforms.length === 0 ? ["choose the platforms to scan"] : []),
    ...(!profile.faceVerified && !profile.voiceEnrolled
      ? [
          profile.faceEnrolled
            ? "verify your face with the live poses, or record your voice"
            : "enrol your face or voice",
        ]
      : []),
  ];
}

function outcome(scan: ScanRun): string {
  if (scan.status === "failed") return "The scan stopped before finishing. Run it again from the dashboard.";
  if (scan.threatsFound === 0)
    return "Your first scan found nothing that uses your likeness. Scans now run on schedule.";
  return `Your first scan found ${scan.threatsFound} ${scan.threatsFound === 1 ? "threat" : "threats"}: review ${scan.threatsFound === 1 ? "it" : "them"} on the dashboard.`;
}

/**
 * The wizard's last step: runs the person's first scan and shows it live, platform by platform,
 * from the counters the scan stores as each platform finishes (GET /api/scan/status every 2 s).
 */
export function FirstScanStep({ profile }: { profile: Profile }) {
  const scan = useForceScan();
  const ready = canScan(profile);
  const started = useRef(false);
  const { start } = scan;
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    start();
  }, [ready, start]);

  if (!ready) {
    return (
      <section aria-labelledby="first-scan-heading">
        <h2 id="first-scan-heading">Setup not finished</h2>
        <p role="status">Nothing can be searched yet. To run your first scan: {missing(profile).join(", ")}.</p>
        <Link to="/dashboard" className="btn btn-secondary">
          Go to Dashboard
        </Link>
      </section>
    );
  }
  const shown = scan.progress ?? scan.finished;
  return (
    <section aria-labelledby="first-scan-heading">
      <h2 id="first-scan-heading">{scan.finished ? "First scan complete" : "Your first scan"}</h2>
      <p role="status" aria-live="polite">
        {scan.finished
          ? outcome(scan.finished)
          : shown
            ? scanProgressText(shown)
            : scan.startFailed
              ? "The scan could not be started."
              : "Starting your first scan…"}
      </p>
      {shown ? <ScanProgressFigures scan={shown} /> : null}
      {scan.startFailed && !scan.running ? (
        <button type="button" className="btn btn-secondary" onClick={start}>
          Try again
        </button>
      ) : null}
      {scan.finished ? (
        <Link to="/dashboard" className="btn btn-primary btn-lg">
          Go to Dashboard
        </Link>
      ) : (
        <p className="small muted">
          You can leave this page: the scan goes on, and the dashboard shows what it finds.{" "}
          <Link to="/dashboard">Go to Dashboard</Link>
        </p>
      )}
    </section>
  );
}
