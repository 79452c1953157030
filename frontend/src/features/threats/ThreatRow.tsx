import "./threats.css";
import { platformName } from "../platforms/catalogue";
import { useSystemMetrics } from "../system/use-system-metrics";
import { useMay } from "../team/use-may";
import {
  confidenceClass,
  relativeTime,
  statusLabel,
  takedownLabel,
  threatDescription,
  threatTitle,
  threatTypeLabel,
} from "./format";
import { ThreatRowLayout } from "./ThreatRowLayout";
import { allows } from "./threat-actions";
import type { ThreatListItem } from "./triage-types";

interface ThreatRowProps {
  threat: ThreatListItem;
  onViewDetails: (threat: ThreatListItem) => void;
  onTakeDown: (threat: ThreatListItem) => void;
  /** Present when the list allows selecting threats for a bulk action. */
  selection?: { selected: boolean; onToggle: () => void };
}

/** One threat: its picture, what it is, where it stands, and only the actions its status allows. */
export function ThreatRow({ threat, onViewDetails, onTakeDown, selection }: ThreatRowProps) {
  const title = threatTitle(threat);
  const takedown = takedownLabel(threat);
  const metrics = useSystemMetrics();
  const maySend = useMay("notices:send");
  return (
    <li className="threat-row">
      <ThreatRowLayout
        selection={selection ? { ...selection, label: `Select: ${title}` } : undefined}
        picture={threat}
        title={title}
        facts={
          <>
            <span className={confidenceClass(threat.confidence)}>
              {threatDescription(threat, metrics.data?.detection)}
            </span>
            {threat.account ? <span className="muted"> · @{threat.account}</span> : null}
            {threat.sightingsCount && threat.sightingsCount > 1 ? (
              <span className="muted"> · seen at {threat.sightingsCount} addresses</span>
            ) : null}
          </>
        }
        meta={
          <>
            <time dateTime={threat.createdAt}>{relativeTime(threat.createdAt)}</time> ·{" "}
            <span className="badge badge-secondary">{threatTypeLabel(threat.threatType)}</span>{" "}
            <span className={`badge ${threat.status === "active" ? "badge-destructive" : "badge-secondary"}`}>
              {statusLabel(threat.status)}
            </span>
            {threat.synthetic === "synthetic" || threat.synthetic === "possibly-synthetic" ? (
              <>
                {" "}
                <span className="badge badge-secondary">
                  {threat.synthetic === "synthetic"
                    ? "Synthetic"
                    : threat.labelDispute
                      ? "Synthetic label disputed"
                      : "Possibly synthetic"}
                </span>
              </>
            ) : null}
            {takedown ? (
              <>
                {" "}
                <span
                  className={`badge ${threat.takedown?.state === "filing_needed" ? "badge-destructive" : "badge-secondary"}`}
                >
                  {takedown}
                </span>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`View Details: ${title} on ${platformName(threat.platform)}`}
              onClick={() => onViewDetails(threat)}
            >
              View Details
            </button>
            {allows(threat, "takedown") && maySend ? (
              <button
                type="button"
                className="btn btn-danger btn-sm"
                aria-label={`Take Down: ${title} on ${platformName(threat.platform)}`}
                onClick={() => onTakeDown(threat)}
              >
                Take Down
              </button>
            ) : null}
          </>
        }
      />
    </li>
  );
}
