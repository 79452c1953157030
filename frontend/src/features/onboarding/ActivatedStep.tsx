import { Link } from "react-router-dom";
import type { Profile } from "../../api/types";
import { withDemo } from "../demo/demo-session";

/** Scans can look for someone only with platforms to look at and a verified face or a voice to look for. */
const canProtect = (profile: Profile) =>
  profile.platforms.length > 0 && (profile.faceVerified || profile.voiceEnrolled);

function missing(profile: Profile): string[] {
  return [
    ...(profile.platforms.length === 0 ? ["choose the platforms to scan"] : []),
    ...(!profile.faceVerified
      ? [profile.faceEnrolled ? "finish the live check that verifies your face" : "enrol your face"]
      : []),
    ...(!profile.voiceEnrolled ? ["enrol your voice"] : []),
  ];
}

export function ActivatedStep({ demo, profile }: { demo: string | null; profile?: Profile }) {
  if (!profile) {
    // A visitor walking through the demo setup: nothing of theirs was stored, so nothing is protected.
    return (
      <section aria-labelledby="activated-heading">
        <h2 id="activated-heading">Demo setup finished</h2>
        <p>
          This was a walkthrough with demo data: nothing was stored and nobody is being protected.{" "}
          <Link to="/signup">Create an account</Link> to protect your own likeness.
        </p>
        <Link to={withDemo("/dashboard", demo)} className="btn btn-primary btn-lg">
          See the demo dashboard
        </Link>
      </section>
    );
  }
  const ready = canProtect(profile);
  const todo = missing(profile);
  return (
    <section aria-labelledby="activated-heading">
      <h2 id="activated-heading">{ready ? "Protection Activated" : "Setup not finished"}</h2>
      {ready ? (
        <>
          <p>Your likeness is now under watch.</p>
          <h3>What happens next</h3>
          <ul className="check-list">
            <li>Scans run {profile.scanFrequency} over your platforms</li>
            <li>You are alerted as soon as a match crosses your sensitivity</li>
          </ul>
        </>
      ) : (
        <p role="status">Nothing is protected yet. To start protection: {todo.join(", ")}.</p>
      )}
      {ready && todo.length > 0 ? <p className="small muted">To be protected fully: {todo.join(", ")}.</p> : null}
      <dl className="tile-grid">
        <div className="tile">
          <dt>Platforms</dt>
          <dd className="tile-value">{profile.platforms.length}</dd>
        </div>
        <div className="tile">
          <dt>Scan frequency</dt>
          <dd className="tile-value">{profile.scanFrequency}</dd>
        </div>
        <div className="tile">
          <dt>Face</dt>
          <dd className="tile-value">{profile.faceEnrolled ? "Enrolled" : "Not yet"}</dd>
        </div>
        <div className="tile">
          <dt>Voice</dt>
          <dd className="tile-value">{profile.voiceEnrolled ? "Enrolled" : "Not yet"}</dd>
        </div>
      </dl>
      <Link to={withDemo("/dashboard", demo)} className="btn btn-primary btn-lg">
        Go to Dashboard
      </Link>
    </section>
  );
}
