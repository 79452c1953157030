import type { InvitationTokenRequest } from "@lg/domain/people/people-inputs";
import { InvitationPreview, MyProtections, PeopleList } from "@lg/domain/people/web-contract";
import { queryOptions } from "@tanstack/react-query";
import { apiJson, getChecked } from "../../api/client";

// Not ["/api/people"]: the threat list's person filter keeps its own shape under that key.
export const PEOPLE_LIST_KEY = ["/api/people", "list"] as const;
export const MY_PROTECTIONS_KEY = ["/api/people/me"] as const;

export const peopleListQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: PEOPLE_LIST_KEY,
    queryFn: () => apiJson("GET", "/api/people", undefined, PeopleList),
    enabled,
  });

export const myProtectionsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: MY_PROTECTIONS_KEY, queryFn: getChecked(MyProtections), enabled });

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ["/api/people/invitations/preview", token],
    queryFn: () =>
      apiJson("POST", "/api/people/invitations/preview", { token } satisfies InvitationTokenRequest, InvitationPreview),
    // An expired or used link is an answer to show, not a hiccup to retry.
    retry: false,
  });
