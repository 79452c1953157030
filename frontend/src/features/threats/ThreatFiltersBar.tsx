import { useEffect, useId, useState } from "react";
import type { ThreatType } from "../../api/types";
import { PLATFORMS } from "../platforms/catalogue";
import { threatTypeLabel } from "./format";
import type { ThreatFilters } from "./triage-types";
import { DEFAULT_FILTERS } from "./triage-types";

/** The server searches 2 to 100 characters (docs/threats-api.md). */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
export const SEARCH_DELAY_MS = 300;

const STATUSES = [
  ["active", "Active"],
  ["false_positive", "False positive"],
  ["dismissed", "Dismissed"],
  ["takedown_requested", "Takedown requested"],
  ["removed", "Removed"],
] as const;
const TYPES: ThreatType[] = ["deepfake", "voice_clone", "impersonation", "likeness_misuse", "intimate_imagery"];
const BANDS = [
  ["high", "High (90% and above)"],
  ["medium", "Medium (70–89%)"],
  ["low", "Low (under 70%)"],
] as const;
const VERDICTS = [
  ["synthetic", "Synthetic"],
  ["possibly-synthetic", "Possibly synthetic"],
  ["no-evidence", "No synthetic evidence"],
  ["unknown", "Could not tell"],
] as const;
const SORTS = [
  ["newest", "Newest"],
  ["confidence", "Match confidence"],
  ["severity", "Severity"],
] as const;

interface ThreatFiltersBarProps {
  filters: ThreatFilters;
  onChange: (filters: ThreatFilters) => void;
  /** Protected people (enterprise): id and name; the account holder is "self". */
  people?: { id: string; name: string }[];
}

/** Search, filters, sort and grouping of the threat list; every control labelled and keyboard-usable. */
export function ThreatFiltersBar({ filters, onChange, people = [] }: ThreatFiltersBarProps) {
  const id = useId();
  const [search, setSearch] = useState(filters.q ?? "");
  // On a phone the controls fold behind one button, so the list starts near the top (threats.css).
  const [open, setOpen] = useState(false);
  const inUse = Object.entries(filters).filter(
    ([key, value]) => value !== undefined && value !== DEFAULT_FILTERS[key as keyof ThreatFilters],
  ).length;
  const grouped = filters.groupBy !== undefined;

  // Search as the person types, once they pause; one letter matches too much to be worth asking.
  useEffect(() => {
    const q = search.trim();
    if (q.length > 0 && q.length < SEARCH_MIN) return;
    if ((filters.q ?? "") === q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: q || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const set = <K extends keyof ThreatFilters>(key: K, value: string) =>
    onChange({ ...filters, [key]: value === "" ? undefined : value });

  const select = (
    key: keyof ThreatFilters,
    label: string,
    options: readonly (readonly [string, string])[],
    allLabel: string | null,
    disabled = false,
  ) => (
    <div className="filter-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        value={filters[key] ?? ""}
        disabled={disabled}
        aria-describedby={disabled ? `${id}-grouped` : undefined}
        onChange={(e) => set(key, e.target.value)}
      >
        {allLabel !== null ? <option value="">{allLabel}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      id={`${id}-filters`}
      className={open ? "threat-filters is-open" : "threat-filters"}
      aria-label="Search and filter threats"
      onSubmit={(e) => {
        // Enter searches at once rather than after the pause.
        e.preventDefault();
        const q = search.trim();
        if (q.length === 0 || q.length >= SEARCH_MIN) onChange({ ...filters, q: q || undefined });
      }}
    >
      <button
        type="button"
        className="btn btn-secondary btn-sm filters-toggle"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide search and filters" : "Search and filters"}
        {inUse > 0 ? ` (${inUse} in use)` : ""}
      </button>
      <div className="filter-field filter-search">
        <label htmlFor={`${id}-q`}>Search title, address or account</label>
        <input
          id={`${id}-q`}
          type="search"
          value={search}
          maxLength={SEARCH_MAX}
          aria-describedby={`${id}-q-hint`}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span id={`${id}-q-hint`} className="small muted">
          {search.trim().length === 1 ? `Type at least ${SEARCH_MIN} characters.` : ""}
        </span>
      </div>
      {select("status", "Status", STATUSES, "All statuses")}
      {select(
        "type",
        "Type",
        TYPES.map((t) => [t, threatTypeLabel(t)] as const),
        "All types",
        grouped,
      )}
      {select(
        "platform",
        "Platform",
        PLATFORMS.map((p) => [p.id, p.name] as const),
        "All platforms",
      )}
      {select("confidence", "Match confidence", BANDS, "Any confidence", grouped)}
      {select("synthetic", "Synthetic verdict", VERDICTS, "Any verdict", grouped)}
      {people.length > 1
        ? select(
            "person",
            "Person",
            people.map((p) => [p.id, p.name] as const),
            "Everyone",
            grouped,
          )
        : null}
      {select("sort", "Sort by", SORTS, null, grouped)}
      {select(
        "groupBy",
        "Group",
        [
          ["media", "Same media"],
          ["account", "Same account"],
        ],
        "No grouping",
      )}
      {grouped ? (
        <p id={`${id}-grouped`} className="small muted filter-note">
          Grouped lists filter by status, platform and search, newest first.
          {filters.groupBy === "account" ? " Threats whose poster is not known are in no account group." : ""}
        </p>
      ) : null}
      <div className="filter-field filter-reset">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            setSearch("");
            onChange(DEFAULT_FILTERS);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
