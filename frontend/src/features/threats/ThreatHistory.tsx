import { statusLabel } from "./format";
import type { AuditEntry } from "./triage-types";

const ACTIONS: Record<string, string> = {
  detected: "Found by a scan",
  false_positive: "Marked as false positive",
  dismiss: "Dismissed",
  dismissed: "Dismissed",
  undo: "Undone",
  label_disputed: 'Disputed the "Possibly synthetic" label (withdrawn; the likeness finding stays)',
  takedown_requested: "Takedown requested",
  removed: "Content removed",
};

function who(entry: AuditEntry): string {
  if (entry.actorKind === "scanner" || entry.actor === "scanner") return "by a scan";
  if (entry.actorKind === "system" || entry.actor === "system") return "automatically";
  return "by you";
}

function what(entry: AuditEntry): string {
  const named = ACTIONS[entry.action];
  const move = entry.from && entry.to ? ` (${statusLabel(entry.from)} → ${statusLabel(entry.to)})` : "";
  if (named) return `${named}${move}`;
  return entry.to
    ? `Status set to ${statusLabel(entry.to)}${entry.from ? ` from ${statusLabel(entry.from)}` : ""}`
    : entry.action;
}

/** Every change to the threat, oldest first, as the server's audit trail records it. */
export function ThreatHistory({ entries }: { entries: AuditEntry[] | undefined }) {
  return (
    <section aria-labelledby="history-heading">
      <h3 id="history-heading">History</h3>
      {!entries ? (
        <p className="small muted">Loading history…</p>
      ) : entries.length === 0 ? (
        <p className="small muted">No changes since it was found.</p>
      ) : (
        <ol className="threat-history small" aria-labelledby="history-heading">
          {entries.map((entry) => (
            <li key={`${entry.at}-${entry.action}-${entry.to ?? ""}`}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>: {what(entry)}
              {entry.action === "detected" ? "" : ` ${who(entry)}`}
              {entry.bulk ? ", with others at once" : ""}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
