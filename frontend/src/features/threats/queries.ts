import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import type { Stats, Threat } from "../../api/types";

export const STATS_KEY = ["/api/stats"] as const;
export const THREATS_KEY = ["/api/threats"] as const;

export const statsQuery = (enabled: boolean) => queryOptions<Stats>({ queryKey: STATS_KEY, enabled });
export const threatsQuery = (enabled: boolean) => queryOptions<Threat[]>({ queryKey: THREATS_KEY, enabled });

export const demoThreatsQuery = (demoType: string, enabled: boolean) =>
  queryOptions<Threat[]>({
    queryKey: ["/api/demo/threats", demoType],
    queryFn: () => apiJson<Threat[]>("GET", `/api/demo/threats?demoType=${encodeURIComponent(demoType)}`),
    enabled,
  });
