import { relativeTime } from "../threats/format";

export interface HealthFacts {
  faceTrained: boolean;
  voiceTrained: boolean;
  dataExpiresInDays?: number | null;
  dataExpiryDays?: number;
  lastScanAt?: string;
}

function expiryText(facts: HealthFacts): string {
  if (facts.dataExpiryDays === -1) return "Never (kept until you delete it)";
  if (typeof facts.dataExpiresInDays === "number") return `${facts.dataExpiresInDays} days`;
  if (!facts.faceTrained && !facts.voiceTrained) return "No biometric data stored";
  if (typeof facts.dataExpiryDays === "number") return `Auto-delete after ${facts.dataExpiryDays} days`;
  return "Not set";
}

/** Protection Health: every line is computed from the person's own data, with a plain default when none exists. */
export function ProtectionHealth({ facts }: { facts: HealthFacts }) {
  return (
    <section className="panel" aria-labelledby="health-heading">
      <h2 id="health-heading">Protection Health</h2>
      <ul className="health-list">
        <li>
          <span>Face Model Trained</span>
          <span className={facts.faceTrained ? "text-ok" : "text-danger"}>{facts.faceTrained ? "Yes" : "Not yet"}</span>
        </li>
        <li>
          <span>Voice Model Trained</span>
          <span className={facts.voiceTrained ? "text-ok" : "text-danger"}>
            {facts.voiceTrained ? "Yes" : "Not yet"}
          </span>
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
    </section>
  );
}
