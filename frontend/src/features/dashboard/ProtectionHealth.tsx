import type { LikenessStanding, ModalityStanding } from "../../api/types";
import { LoadFailed } from "../../ui/LoadFailed";
import { relativeTime } from "../threats/format";
import { standingLine } from "../zero-knowledge/EnrolmentStanding";

export interface HealthFacts {
  faceTrained: boolean;
  voiceTrained: boolean;
  dataExpiresInDays?: number | null;
  dataExpiryDays?: number;
  lastScanAt?: string;
  /** The server's report of how each modality was enrolled and whether it verified it. */
  likeness?: LikenessStanding;
}

/** "Yes" only for what the server verified; an unverified enrolment is named as such, never as trained. */
function trainedState(trained: boolean, standing: ModalityStanding | undefined) {
  if (standing?.enrolled && !standing.verified) return { text: "Enrolled, not verified", className: "text-danger" };
  return trained ? { text: "Yes", className: "text-ok" } : { text: "Not yet", className: "text-danger" };
}

function expiryText(facts: HealthFacts): string {
  if (facts.dataExpiryDays === -1) return "Never (kept until you delete it)";
  if (typeof facts.dataExpiresInDays === "number") return `${facts.dataExpiresInDays} days`;
  if (!facts.faceTrained && !facts.voiceTrained) return "No biometric data stored";
  if (typeof facts.dataExpiryDays === "number") return `Auto-delete after ${facts.dataExpiryDays} days`;
  return "Not set";
}

/** Protection Health: every line is computed from the person's own data, with a plain default when none exists. */
export function ProtectionHealth({
  facts,
  failure,
}: {
  facts: HealthFacts;
  /** The profile did not load: its lines would read "Not yet" for what may well be done. */
  failure?: { error: unknown; retry: () => void };
}) {
  if (failure) {
    return (
      <section className="panel" aria-labelledby="health-heading">
        <h2 id="health-heading">Protection Health</h2>
        <LoadFailed what="Your protection's state" error={failure.error} onRetry={failure.retry} />
      </section>
    );
  }
  const face = trainedState(facts.faceTrained, facts.likeness?.face);
  const voice = trainedState(facts.voiceTrained, facts.likeness?.voice);
  const unverified = (["face", "voice"] as const).filter((m) => facts.likeness?.[m].noticesBlocked);
  return (
    <section className="panel" aria-labelledby="health-heading">
      <h2 id="health-heading">Protection Health</h2>
      <ul className="health-list">
        <li>
          <span>Face Model Trained</span>
          <span className={face.className}>{face.text}</span>
        </li>
        <li>
          <span>Voice Model Trained</span>
          <span className={voice.className}>{voice.text}</span>
        </li>
        <li>
          <span>Data Expiry</span>
          <span>{expiryText(facts)}</span>
        </li>
        <li>
          <span>Last scan</span>
          <span>{facts.lastScanAt ? relativeTime(facts.lastScanAt) : "No scan yet"}</span>
        </li>
      </ul>
      {unverified.map((modality) =>
        facts.likeness ? (
          <p key={modality} className="small" role="note">
            {standingLine(modality, facts.likeness[modality])}
          </p>
        ) : null,
      )}
    </section>
  );
}
