import { useState } from "react";
import type { Threat } from "../../api/types";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePhoneCollapse } from "../../ui/phone-collapse";
import { NO_THREATS_FOUND } from "./empty-list";
import { isCriticalThreat } from "./format";
import { ThreatListLoading } from "./ThreatListLoading";
import { ThreatRow } from "./ThreatRow";

interface ThreatListProps {
  threats: Threat[] | undefined;
  isLoading: boolean;
  onViewDetails: (threat: Threat) => void;
  onTakeDown: (threat: Threat) => void;
  /** What an empty list says: "secure" is true only once protection ran (the dashboard decides). */
  emptyMessage?: string;
  /** Why the list did not load, with a way to try again: never shown as an empty list. */
  failure?: { error: unknown; retry: () => void };
}

/** A short list held whole in the page (the demo's): All and Critical, each row as in triage. */
export function ThreatList({ threats, isLoading, onViewDetails, onTakeDown, emptyMessage, failure }: ThreatListProps) {
  const [filter, setFilter] = useState<"all" | "critical">("all");
  const all = threats ?? [];
  const critical = all.filter((t) => isCriticalThreat(t) && t.status === "active");
  const shown = filter === "all" ? all : critical;
  const phone = usePhoneCollapse(shown.length, "threats");

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
        <ThreatListLoading />
      ) : failure ? (
        <LoadFailed what="The threats" error={failure.error} onRetry={failure.retry} />
      ) : shown.length === 0 ? (
        <p>{emptyMessage ?? NO_THREATS_FOUND}</p>
      ) : (
        <>
          <ul className="threat-list">
            {shown.slice(0, phone.visible).map((threat) => (
              <ThreatRow key={threat.id} threat={threat} onViewDetails={onViewDetails} onTakeDown={onTakeDown} />
            ))}
          </ul>
          {phone.toggle}
        </>
      )}
    </section>
  );
}
