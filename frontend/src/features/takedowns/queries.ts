import { TakedownDetail, TakedownPage } from "@lg/domain/takedowns/web-contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../api/client";

export const TAKEDOWNS_KEY = ["/api/takedowns"] as const;
export const PAGE_SIZE = 20;

/** The person's notices newest first, one page per "Show more", optionally one state. */
export const takedownsQuery = (state: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: [...TAKEDOWNS_KEY, { state }],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (state) params.set("state", state);
      if (pageParam) params.set("cursor", pageParam);
      return apiJson("GET", `/api/takedowns?${params}`, undefined, TakedownPage);
    },
    initialPageParam: "",
    getNextPageParam: (last: TakedownPage) => last.nextCursor,
    enabled,
  });

export const takedownQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...TAKEDOWNS_KEY, id],
    queryFn: () => apiJson("GET", `/api/takedowns/${encodeURIComponent(id)}`, undefined, TakedownDetail),
    enabled,
    // A 404 is an answer (not the person's notice), not a hiccup to retry.
    retry: false,
  });
