import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { keepFormInput } from "../auth/kept-input";
import { returnPathFrom, signInUrl } from "../auth/session-navigation";
import { toast } from "../ui/toast-store";
import { getByQueryKey } from "./client";
import { isUnauthorizedError } from "./errors";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;
export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * Spec section 8: a 401 while signed in means the session ended; say so, then sign in again and
 * come back to the page the person was on, with what they had typed there (auth/kept-input.ts).
 */
export function redirectToLoginAfterNotice(): void {
  // The spec's words; the sign-in page then says why it asks, and that what was typed is kept.
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  const back = returnPathFrom(window.location);
  keepFormInput(back);
  const url = signInUrl(back);
  setTimeout(() => {
    window.location.href = url;
  }, LOGIN_REDIRECT_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleUnauthorized(error) }),
    mutationCache: new MutationCache({ onError: (error) => handleUnauthorized(error) }),
    defaultOptions: {
      queries: {
        queryFn: getByQueryKey,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

  function handleUnauthorized(error: unknown): void {
    const signedIn = Boolean(client.getQueryData(AUTH_USER_KEY));
    if (isUnauthorizedError(error) && signedIn) {
      client.setQueryData(AUTH_USER_KEY, null);
      redirectToLoginAfterNotice();
    }
  }
  return client;
}
