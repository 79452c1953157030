import { useQueries } from "@tanstack/react-query";
import { useId, useState } from "react";
import { LoadFailed } from "../../ui/LoadFailed";
import { platformName } from "../platforms/catalogue";
import { relativeTime, statusLabel } from "./format";
import { threatDetailsQuery } from "./queries";
import { ThreatRow } from "./ThreatRow";
import { ThreatRowLayout } from "./ThreatRowLayout";
import type { ThreatGroup, ThreatListItem } from "./triage-types";

/** How many members an expanded group loads at once; the count says how many there are in all. */
export const GROUP_MEMBERS_SHOWN = 20;

interface ThreatGroupRowProps {
  group: ThreatGroup;
  onViewDetails: (threat: ThreatListItem) => void;
  onTakeDown: (threat: ThreatListItem) => void;
  selection: { selected: boolean; onToggle: () => void };
}

const KIND_WORDS = { media: "Same media", account: "Same account" } as const;

/** An account group spanning platforms is one poster's accounts (same bio link, or handle and avatar). */
function kindWords(group: ThreatGroup) {
  const platforms = group.platforms ?? [];
  if (group.kind !== "account" || platforms.length < 2) return KIND_WORDS[group.kind];
  return `Same poster on ${platforms.length} platforms: ${platforms.map(platformName).join(", ")}`;
}

/** Threats of one account or one picture, collapsed into one row with a count; expanding lists them. */
export function ThreatGroupRow({ group, onViewDetails, onTakeDown, selection }: ThreatGroupRowProps) {
  const [open, setOpen] = useState(false);
  const membersId = useId();
  const shownIds = group.memberIds.slice(0, GROUP_MEMBERS_SHOWN);
  const members = useQueries({ queries: shownIds.map((id) => threatDetailsQuery(id, open)) });
  const counts = Object.entries(group.statusCounts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([status, n]) => `${n} ${statusLabel(status).toLowerCase()}`)
    .join(", ");
  const noun = group.count === 1 ? "threat" : "threats";
  return (
    <li className="threat-group">
      <div className="threat-row">
        <ThreatRowLayout
          selection={{ ...selection, label: `Select group: ${group.label} (${group.count} ${noun})` }}
          picture={group.representative}
          title={group.label}
          facts={
            <>
              <span className="badge badge-secondary">{kindWords(group)}</span>{" "}
              <strong>
                {group.count} {noun}
              </strong>
              {counts ? <span className="muted"> · {counts}</span> : null}
            </>
          }
          meta={
            <>
              Latest <time dateTime={group.latestAt}>{relativeTime(group.latestAt)}</time>
            </>
          }
          actions={
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-expanded={open}
              aria-controls={membersId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? "Hide" : "Show"} {group.count} {noun}
            </button>
          }
        />
      </div>
      {open ? (
        <div id={membersId}>
          <ul className="threat-list threat-group-members" aria-label={`Threats in ${group.label}`}>
            {members.map((member, i) =>
              member.data ? (
                <ThreatRow
                  key={shownIds[i]}
                  threat={member.data}
                  onViewDetails={onViewDetails}
                  onTakeDown={onTakeDown}
                />
              ) : (
                <li key={shownIds[i]} className="small muted">
                  {member.isError ? (
                    <LoadFailed what="This threat" error={member.error} onRetry={() => void member.refetch()} />
                  ) : (
                    "Loading threat…"
                  )}
                </li>
              ),
            )}
          </ul>
          {group.count > shownIds.length ? (
            <p className="small muted">
              Showing {shownIds.length} of {group.count}. Actions on the group apply to all {group.count}.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
