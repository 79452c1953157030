import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePhoneCollapse } from "../../ui/phone-collapse";
import { useMay } from "../team/use-may";
import { NO_THREATS_FOUND } from "./empty-list";
import { peopleQuery, threatDetailsQuery, threatPagesQuery } from "./queries";
import { ThreatFiltersBar } from "./ThreatFiltersBar";
import { ThreatGroupRow } from "./ThreatGroupRow";
import { ThreatListLoading } from "./ThreatListLoading";
import { ThreatRow } from "./ThreatRow";
import { allows } from "./threat-actions";
import type { ThreatFilters, ThreatGroup, ThreatListItem } from "./triage-types";
import { DEFAULT_FILTERS } from "./triage-types";
import { UndoBar } from "./UndoBar";
import { useThreatAction } from "./use-threat-action";

interface ThreatTriageProps {
  enabled: boolean;
  onViewDetails: (threat: ThreatListItem) => void;
  onTakeDown: (threat: ThreatListItem) => void;
  /** Several threats to take down: each gets its own notice, reviewed one after another. */
  onTakeDownMany: (threats: ThreatListItem[]) => void;
  /** What an empty, unfiltered list says: "secure" is true only once protection ran (the dashboard decides). */
  emptyMessage?: string;
  /** Accounts that protect several people (enterprise) filter by person. */
  withPeople?: boolean;
}

const groupKey = (g: Pick<ThreatGroup, "kind" | "key">) => `${g.kind}:${g.key}`;
const isFiltered = (f: ThreatFilters) =>
  Object.entries(f).some(([k, v]) => v !== undefined && !(k === "sort" && v === "newest"));

/**
 * The account's threats as the server pages them: search, filters, sort and grouping; select
 * threats or groups to mark them false positive, dismiss or take them down; Undo for a while after.
 */
export function ThreatTriage({
  enabled,
  onViewDetails,
  onTakeDown,
  onTakeDownMany,
  emptyMessage,
  withPeople = false,
}: ThreatTriageProps) {
  const [filters, setFilters] = useState<ThreatFilters>(DEFAULT_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectedGroups, setSelectedGroups] = useState<ReadonlyMap<string, ThreatGroup>>(new Map());
  const pages = useInfiniteQuery(threatPagesQuery(filters, enabled));
  const people = useQuery(peopleQuery(enabled && withPeople));
  const maySend = useMay("notices:send");
  const queryClient = useQueryClient();
  const clearSelection = useCallback(() => {
    setSelected(new Set());
    setSelectedGroups(new Map());
  }, []);
  const action = useThreatAction({ onDone: clearSelection });

  const changeFilters = useCallback(
    (next: ThreatFilters) => {
      setFilters(next);
      clearSelection();
    },
    [clearSelection],
  );

  // Each row carries its latest notice's state (docs/threats-api.md), "Filing needed" included.
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items ?? []) ?? [], [pages.data]);
  // A notice waiting to be filed reopens where it was (its form and fields come with the threat's details).
  const takeDown = (threat: ThreatListItem) => {
    if (threat.takedown?.state !== "filing_needed") return onTakeDown(threat);
    queryClient
      .fetchQuery({ ...threatDetailsQuery(threat.id), staleTime: 0 })
      .then((details) => onTakeDown({ ...threat, ...details }))
      .catch(() => onTakeDown(threat));
  };
  const groups = useMemo(() => pages.data?.pages.flatMap((p) => p.groups ?? []) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total;
  const grouped = filters.groupBy !== undefined;
  const shownCount = grouped ? groups.length : items.length;
  const phone = usePhoneCollapse(shownCount, grouped ? "groups" : "threats");

  const chosen = items.filter((t) => selected.has(t.id));
  const chosenGroups = [...selectedGroups.values()];
  const selectionSize = chosen.length + chosenGroups.length;
  const groupHas = (g: ThreatGroup, ...statuses: ("active" | "false_positive" | "dismissed")[]) =>
    statuses.some((status) => (g.statusCounts[status] ?? 0) > 0);
  const canMark = chosen.some((t) => allows(t, "false_positive")) || chosenGroups.some((g) => groupHas(g, "active"));
  const canRestore =
    chosen.some((t) => allows(t, "undo")) || chosenGroups.some((g) => groupHas(g, "false_positive", "dismissed"));
  const takeDownable = chosen.filter((t) => allows(t, "takedown"));

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleGroup = (group: ThreatGroup) =>
    setSelectedGroups((s) => {
      const next = new Map(s);
      if (!next.delete(groupKey(group))) next.set(groupKey(group), group);
      return next;
    });
  const allShownSelected = grouped
    ? groups.length > 0 && groups.every((g) => selectedGroups.has(groupKey(g)))
    : items.length > 0 && items.every((t) => selected.has(t.id));
  const toggleAll = () => {
    if (allShownSelected) return clearSelection();
    if (grouped) setSelectedGroups(new Map(groups.map((g) => [groupKey(g), g])));
    else setSelected(new Set(items.map((t) => t.id)));
  };

  const run = (kind: "false_positive" | "dismiss" | "undo") =>
    action.mutate({
      action: kind,
      threatIds: chosen.map((t) => t.id),
      groups: chosenGroups.map((g) => ({ kind: g.kind, key: g.key })),
    });

  const loading = pages.isLoading || (!enabled && !pages.data);
  return (
    <section className="panel" aria-labelledby="alerts-heading">
      <div className="page-header" style={{ padding: 0 }}>
        <h2 id="alerts-heading">Recent Alerts</h2>
        <p className="small muted" style={{ margin: 0 }} aria-live="polite">
          {pages.data
            ? `Showing ${shownCount}${total !== undefined && !grouped ? ` of ${total}` : ""} ${
                grouped ? (shownCount === 1 ? "group" : "groups") : (total ?? shownCount) === 1 ? "threat" : "threats"
              }`
            : null}
        </p>
      </div>
      <ThreatFiltersBar filters={filters} onChange={changeFilters} {...(people.data ? { people: people.data } : {})} />
      <UndoBar />
      {shownCount > 0 ? (
        <div className="bulk-bar">
          <label className="bulk-select-all">
            <input type="checkbox" checked={allShownSelected} onChange={toggleAll} /> Select all shown
          </label>
          {selectionSize > 0 ? (
            <>
              <span className="small">{selectionSize} selected</span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={!canMark || action.isPending}
                onClick={() => run("false_positive")}
              >
                Mark false positive
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={!canMark || action.isPending}
                onClick={() => run("dismiss")}
              >
                Dismiss
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={!canRestore || action.isPending}
                onClick={() => run("undo")}
              >
                Restore to active
              </button>
              {maySend ? (
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={takeDownable.length === 0}
                  onClick={() => onTakeDownMany(takeDownable)}
                >
                  Take down{takeDownable.length > 0 ? ` (${takeDownable.length})` : ""}
                </button>
              ) : null}
              <button type="button" className="btn btn-secondary btn-sm" onClick={clearSelection}>
                Clear selection
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {loading ? (
        <ThreatListLoading />
      ) : pages.isError ? (
        <LoadFailed what="Your threats" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : shownCount === 0 && !pages.hasNextPage ? (
        <p>{isFiltered(filters) ? "No threats match these filters." : (emptyMessage ?? NO_THREATS_FOUND)}</p>
      ) : (
        <ul className="threat-list" aria-label={grouped ? "Threat groups" : "Threats"}>
          {grouped
            ? groups
                .slice(0, phone.visible)
                .map((group) => (
                  <ThreatGroupRow
                    key={groupKey(group)}
                    group={group}
                    onViewDetails={onViewDetails}
                    onTakeDown={takeDown}
                    selection={{ selected: selectedGroups.has(groupKey(group)), onToggle: () => toggleGroup(group) }}
                  />
                ))
            : items
                .slice(0, phone.visible)
                .map((threat) => (
                  <ThreatRow
                    key={threat.id}
                    threat={threat}
                    onViewDetails={onViewDetails}
                    onTakeDown={takeDown}
                    selection={{ selected: selected.has(threat.id), onToggle: () => toggle(threat.id) }}
                  />
                ))}
        </ul>
      )}
      {phone.toggle}
      {pages.hasNextPage && phone.allShown ? (
        <button
          type="button"
          className="btn btn-secondary btn-block load-more"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? "Loading more…" : "Load more"}
        </button>
      ) : null}
    </section>
  );
}
