import { PeopleList } from "@lg/domain/people/web-contract";
import { Stats, Threat, ThreatDetails, ThreatMediaFacts, ThreatPage } from "@lg/domain/threats/web-contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiJson, getChecked } from "../../api/client";
import type { ThreatFilters, ThreatListItem } from "./triage-types";

export const STATS_KEY = ["/api/stats"] as const;
/** Every threat query's key starts with this, so one invalidation refreshes lists, pages and details. */
export const THREATS_KEY = ["/api/threats"] as const;

export const statsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: STATS_KEY, queryFn: getChecked(Stats), enabled });

/** With grouping the server filters only by status, platform and search (docs/threats-api.md). */
const GROUPED_FILTERS: ReadonlySet<keyof ThreatFilters> = new Set(["status", "platform", "q", "groupBy"]);

/** The list's query string: only what is set, so the default list is the plain `GET /api/threats`. */
export function threatListSearch(filters: ThreatFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const entries = Object.entries(filters) as [keyof ThreatFilters, string | undefined][];
  for (const [name, value] of entries) {
    if (value === undefined || value === "") continue;
    if (filters.groupBy && !GROUPED_FILTERS.has(name)) continue;
    if (name === "sort" && value === "newest") continue;
    params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const fetchThreatPage = (filters: ThreatFilters, cursor: string | null, limit?: number) =>
  apiJson(
    "GET",
    `/api/threats${threatListSearch(filters, {
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit: String(limit) } : {}),
    })}`,
    undefined,
    ThreatPage,
  );

export const threatPagesQuery = (filters: ThreatFilters, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: [...THREATS_KEY, "pages", filters],
    queryFn: ({ pageParam }) => fetchThreatPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ThreatPage) => last.nextCursor ?? undefined,
    enabled,
  });

/** The active threats Quick Actions weigh: the strongest hundred. */
export const activeThreatsQuery = (enabled: boolean) =>
  queryOptions<ThreatListItem[]>({
    queryKey: [...THREATS_KEY, "active-top"],
    queryFn: async () =>
      (await fetchThreatPage({ status: "active", sort: "confidence" }, null, 100)).items?.filter(
        (t) => t.status === "active",
      ) ?? [],
    enabled,
  });

export const threatDetailsQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: [...THREATS_KEY, "details", id],
    queryFn: () => apiJson("GET", `/api/threats/${encodeURIComponent(id)}`, undefined, ThreatDetails),
    enabled,
  });

export const threatMediaQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...THREATS_KEY, "media", id],
    queryFn: () => apiJson("GET", `/api/threats/${encodeURIComponent(id)}/media`, undefined, ThreatMediaFacts),
    enabled,
  });

/** The account's protected people (enterprise), for the list's person filter; the holder is "self". */
export const peopleQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ["/api/people"],
    queryFn: async () => {
      const answer = await apiJson("GET", "/api/people", undefined, PeopleList);
      return [{ id: "self", name: "You" }, ...answer.people.map((p) => ({ id: p.personId, name: p.displayName }))];
    },
    enabled,
  });

export const demoThreatsQuery = (demoType: string, enabled: boolean) =>
  queryOptions({
    queryKey: ["/api/demo/threats", demoType],
    queryFn: () =>
      apiJson("GET", `/api/demo/threats?demoType=${encodeURIComponent(demoType)}`, undefined, Threat.array()),
    enabled,
  });
