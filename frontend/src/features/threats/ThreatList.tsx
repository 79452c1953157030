import { useState } from "react";
import type { Threat } from "../../api/types";
import {
  confidenceClass,
  isCriticalThreat,
  relativeTime,
  statusLabel,
  takedownLabel,
  threatDescription,
  threatTitle,
  threatTypeLabel,
} from "./format";

interface ThreatListProps {
  threats: Threat[] | undefined;
  isLoading: boolean;
  onViewDetails: (threat: Threat) => void;
  onTakeDown: (threat: Threat) => void;
  /** What an empty list says: "secure" is true only once protection ran (the dashboard decides). */
  emptyMessage?: string;
}

export function ThreatList({ threats, isLoading, onViewDetails, onTakeDown, emptyMessage }: ThreatListProps) {
  const [filter, setFilter] = useState<"all" | "critical">("all");
  const all = threats ?? [];
  const critical = all.filter((t) => isCriticalThreat(t) && t.status === "active");
  const shown = filter === "all" ? all : critical;

  return (
    <section className="panel" aria-labelledby="alerts-heading">
      <div className="page-header" style={{ padding: 0 }}>
        <h2 id="alerts-heading">Recent Alerts</h2>
        <fieldset className="badge-row filter-group">
          <legend className="visually-hidden">Filter alerts</legend>
          <button
            type="button"
            className={`btn btn-sm ${filter === "all" ? "btn-primary" : "btn-secondary"}`}
            aria-pressed={filter === "all"}
            onClick={() => setFilter("all")}
          >
            All ({all.length})
          </button>
          <button
            type="button"
            className={`btn btn-sm ${filter === "critical" ? "btn-primary" : "btn-secondary"}`}
            aria-pressed={filter === "critical"}
            onClick={() => setFilter("critical")}
          >
            Critical ({critical.length})
          </button>
        </fieldset>
      </div>
      {isLoading ? (
        <p role="status">Loading threats...</p>
      ) : shown.length === 0 ? (
        <p>{emptyMessage ?? "No threats detected. Your digital identity is secure."}</p>
      ) : (
        <ul className="threat-list">
          {shown.map((threat) => (
            <li key={threat.id} className="threat-row">
              <div>
                <h3 style={{ marginBottom: "0.25rem" }}>{threatTitle(threat)}</h3>
                <p className="small" style={{ marginBottom: "0.25rem" }}>
                  <span className={confidenceClass(threat.confidence)}>{threatDescription(threat)}</span>
                </p>
                <p className="small muted" style={{ margin: 0 }}>
                  <time dateTime={threat.createdAt}>{relativeTime(threat.createdAt)}</time> ·{" "}
                  <span className="badge badge-secondary">{threatTypeLabel(threat.threatType)}</span>{" "}
                  <span className={`badge ${threat.status === "active" ? "badge-destructive" : "badge-secondary"}`}>
                    {statusLabel(threat.status)}
                  </span>
                  {takedownLabel(threat) ? (
                    <>
                      {" "}
                      <span
                        className={`badge ${threat.takedown?.state === "filing_needed" ? "badge-destructive" : "badge-secondary"}`}
                      >
                        {takedownLabel(threat)}
                      </span>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="threat-actions">
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onViewDetails(threat)}>
                  View Details
                </button>
                <button type="button" className="btn btn-danger btn-sm" onClick={() => onTakeDown(threat)}>
                  Take Down
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
