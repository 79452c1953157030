import { Link } from "react-router-dom";
import type { Profile } from "../../api/types";
import { withDemo } from "../demo/demo-session";

export function ActivatedStep({ demo, profile }: { demo: string | null; profile?: Profile }) {
  return (
    <section aria-labelledby="activated-heading">
      <h2 id="activated-heading">Protection Activated</h2>
      <p>Your likeness is now under watch.</p>
      <h3>What happens next</h3>
      <ul className="check-list">
        <li>Scanning starts within the hour</li>
        <li>Your first report arrives within 24 hours</li>
        <li>You are alerted as soon as a match crosses your sensitivity</li>
      </ul>
      {profile ? (
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
      ) : null}
      <Link to={withDemo("/dashboard", demo)} className="btn btn-primary btn-lg">
        Go to Dashboard
      </Link>
    </section>
  );
}
