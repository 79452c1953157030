import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import type { Profile } from "../../api/types";
import { ScanProgressFigures, type ScanRun, scanProgressText } from "../scan/ScanProgress";
import { useForceScan } from "../scan/use-force-scan";
import { faceNotSearchedReason, searchedLikeness, searchedPhrase } from "./searched-likeness";

/** A scan can look for someone only with platforms to search and a searched face or voice to look for. */
export const canScan = (profile: Profile) => {
  const searched = searchedLikeness(profile);
  return profile.platforms.length > 0 && (searched.face || searched.voice);
};

function missing(profile: Profile): string[] {
  const searched = searchedLikeness(profile);
  return [
    ...(profile.platforms.length === 0 ? ["choose the platforms to scan"] : []),
    ...(!searched.face && !searched.voice
      ? [
          profile.faceEnrolled
            ? "verify your face with the live poses (an uploaded photo is not searched until then), or record your voice"
            : "enrol your face or voice",
        ]
      : []),
  ];
}

/** Says what was searched, so "found nothing" is never read as covering a face that was not searched. */
function outcome(scan: ScanRun, profile: Profile): string {
  if (scan.status === "failed") return "The scan stopped before finishing. Run it again from the dashboard.";
  const faceGap = faceNotSearchedReason(profile);
  const gap = faceGap ? ` Your face was not searched: ${faceGap}.` : "";
  const what = searchedPhrase(profile);
  const searched = searchedLikeness(profile);
  if (scan.threatsFound === 0)
    return `Your first scan searched for ${what} and found nothing that uses ${searched.face && searched.voice ? "them" : "it"}. Scans now run on schedule.${gap}`;
  return `Your first scan searched for ${what} and found ${scan.threatsFound} ${scan.threatsFound === 1 ? "threat" : "threats"}: review ${scan.threatsFound === 1 ? "it" : "them"} on the dashboard.${gap}`;
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
          ? outcome(scan.finished, profile)
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
