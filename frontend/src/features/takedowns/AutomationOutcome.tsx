import type { AutomationOutcome } from "@lg/domain/takedowns/web-contract";
import { Link } from "react-router-dom";
import { platformName } from "../platforms/catalogue";
import { NoticeFixStep, noticeFix, VerifyLikenessStep } from "../threats/NoticeFixStep";

/** Why a threat's automatic takedown sent nothing, as the server keeps it (AutoTakedownOutcome). */
export type { AutomationOutcome };

/**
 * The one step that lets the notice go: verify the likeness it rests on, or send (file, download)
 * the notice yourself, from the threat's own dialog when there, else by opening the threat.
 */
function NextStep({ outcome, onSendYourself }: { outcome: AutomationOutcome; onSendYourself?: () => void }) {
  if (outcome.reason === "unverified-likeness" && outcome.modality) {
    return <VerifyLikenessStep modality={outcome.modality} />;
  }
  // A refusal the person fixes elsewhere (an email address to add) says where, not "send it yourself".
  if (outcome.reason === "refused" && noticeFix(outcome.detail)) return <NoticeFixStep message={outcome.detail} />;
  const label = outcome.reason === "no-channel" ? "Get the notice to send it yourself" : "Review and send it yourself";
  return onSendYourself ? (
    <button type="button" className="btn btn-primary" onClick={onSendYourself}>
      {label}
    </button>
  ) : (
    <Link to={`/dashboard?threat=${encodeURIComponent(outcome.threatId)}`} className="btn btn-secondary">
      Open the threat: {label.toLowerCase()}
    </Link>
  );
}

/** On the threat: what automation did and why not, with the next step. */
export function AutomationOutcomePanel(props: { outcome: AutomationOutcome; onSendYourself?: () => void }) {
  return (
    <div role="note" className="banner" aria-label="Automatic takedown">
      <p>
        <strong>Automatic takedown</strong> ({new Date(props.outcome.at).toLocaleString()}): {props.outcome.detail}
      </p>
      <NextStep {...props} />
    </div>
  );
}

/** In the takedown centre: the open threats automation could not send for, above the notices. */
export function NotSentList({ outcomes }: { outcomes: AutomationOutcome[] }) {
  if (outcomes.length === 0) return null;
  return (
    <section aria-labelledby="not-sent-heading" className="panel">
      <h2 id="not-sent-heading">Automatic takedown sent nothing for these threats</h2>
      <ul>
        {outcomes.map((outcome) => (
          <li key={outcome.threatId}>
            <p>
              {/* The threat by name and platform; its link is in the threat itself, one click away. */}
              <Link to={`/dashboard?threat=${encodeURIComponent(outcome.threatId)}`}>
                <strong>{outcome.threatTitle ?? "Threat"}</strong>
              </Link>{" "}
              on {platformName(outcome.platform)}
              <br />
              {outcome.detail}
            </p>
            <NextStep outcome={outcome} />
          </li>
        ))}
      </ul>
    </section>
  );
}
