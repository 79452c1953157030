import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import type { InvitationPreview, MyProtection, PeopleList } from "./types";

// Not ["/api/people"]: the threat list's person filter keeps its own shape under that key.
export const PEOPLE_LIST_KEY = ["/api/people", "list"] as const;
export const MY_PROTECTIONS_KEY = ["/api/people/me"] as const;

export const peopleListQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: PEOPLE_LIST_KEY,
    queryFn: () => apiJson<PeopleList>("GET", "/api/people"),
    enabled,
  });

export const myProtectionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: MY_PROTECTIONS_KEY,
    queryFn: () => apiJson<{ protections: MyProtection[] }>("GET", "/api/people/me"),
    enabled,
  });

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ["/api/people/invitations/preview", token],
    queryFn: () => apiJson<InvitationPreview>("POST", "/api/people/invitations/preview", { token }),
    // An expired or used link is an answer to show, not a hiccup to retry.
    retry: false,
  });
