import { type AuthUser, CurrentUser } from "@lg/domain/accounts/web-contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { checkedAnswer, throwIfResNotOk } from "../api/client";
import { AUTH_USER_KEY, redirectToLoginAfterNotice } from "../api/query-client";

/** For this query only a 401 means "signed out" rather than an error. */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  const response = await fetch("/api/auth/user", { credentials: "include" });
  if (response.status === 401) {
    // Read the short body: Chromium counts an unread response as still loading, holding the connection.
    await response.text();
    return null;
  }
  await throwIfResNotOk(response);
  return checkedAnswer("GET /api/auth/user", await response.json(), CurrentUser);
}

export const authUserQuery = queryOptions({ queryKey: AUTH_USER_KEY, queryFn: fetchCurrentUser, retry: false });

/**
 * Who is signed in. Signed out is only what the server said (a 401): an unreachable or failing API
 * leaves it unknown (`failure`), so no page treats a signed-in person as a visitor, such as the
 * dashboard turning into the demo (issue 36 item 8).
 */
export function useAuth() {
  const query = useQuery(authUserQuery);
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
    isSignedOut: query.data === null,
    ...(query.isError ? { failure: { error: query.error, retry: () => void query.refetch() } } : {}),
  };
}

/**
 * `useAuth` for a page that only a signed-in person can use: once the server said nobody is signed
 * in, say so and go to sign-in (once), coming back here afterwards; an unreachable API is not that.
 */
export function useSignedInPage() {
  const auth = useAuth();
  const redirected = useRef(false);
  useEffect(() => {
    if (!auth.isSignedOut || redirected.current) return;
    redirected.current = true;
    redirectToLoginAfterNotice();
  }, [auth.isSignedOut]);
  return auth;
}

/**
 * After the server set a session cookie: fetch who is signed in before moving on, so the next page
 * starts signed in (an invalidated query nobody watches keeps its signed-out answer until a page
 * refetches it, and the dashboard would show the demo meanwhile).
 */
export async function refreshSignedInUser(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...authUserQuery, staleTime: 0 }).catch(() => undefined);
}
