import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { throwIfResNotOk } from "../api/client";
import { AUTH_USER_KEY, redirectToLoginAfterNotice } from "../api/query-client";

export interface AuthUser {
  userId: string;
  email?: string;
  phone?: string;
}

/** For this query only a 401 means "signed out" rather than an error. */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  const response = await fetch("/api/auth/user", { credentials: "include" });
  if (response.status === 401) {
    // Read the short body: Chromium counts an unread response as still loading, holding the connection.
    await response.text();
    return null;
  }
  await throwIfResNotOk(response);
  return (await response.json()) as AuthUser;
}

export const authUserQuery = queryOptions({ queryKey: AUTH_USER_KEY, queryFn: fetchCurrentUser, retry: false });

export function useAuth() {
  const query = useQuery(authUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}

/**
 * `useAuth` for a page that only a signed-in person can use: once it is known nobody is signed in,
 * say so and go to sign-in (once), coming back here afterwards.
 */
export function useSignedInPage() {
  const auth = useAuth();
  const redirected = useRef(false);
  useEffect(() => {
    if (auth.isLoading || auth.isAuthenticated || redirected.current) return;
    redirected.current = true;
    redirectToLoginAfterNotice();
  }, [auth.isLoading, auth.isAuthenticated]);
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
