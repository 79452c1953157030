import type { ReactNode } from "react";
import { ThreatThumbnail } from "./ThreatThumbnail";
import type { ThreatListItem } from "./triage-types";

/**
 * The shape every row of the threat list shares, one threat or a group of them: a select box when
 * the list allows bulk actions, the picture, a heading over two lines of facts, and the actions.
 */
export function ThreatRowLayout(props: {
  /** Present when the list allows selecting rows for a bulk action. */
  selection?: { label: string; selected: boolean; onToggle: () => void };
  /** Absent for a group whose members could not be read (the server then sends no representative). */
  picture: ThreatListItem | undefined;
  title: ReactNode;
  facts: ReactNode;
  meta: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      <div className="threat-main">
        {props.selection ? (
          <input
            type="checkbox"
            className="threat-select"
            aria-label={props.selection.label}
            checked={props.selection.selected}
            onChange={props.selection.onToggle}
          />
        ) : null}
        {props.picture ? <ThreatThumbnail threat={props.picture} /> : null}
        <div>
          <h3 style={{ marginBottom: "0.25rem" }}>{props.title}</h3>
          <p className="small" style={{ marginBottom: "0.25rem" }}>
            {props.facts}
          </p>
          <p className="small muted" style={{ margin: 0 }}>
            {props.meta}
          </p>
        </div>
      </div>
      <div className="threat-actions">{props.actions}</div>
    </>
  );
}
