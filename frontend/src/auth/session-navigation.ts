/** Pages that are about signing in: returning to one after signing in would make no sense. */
const AUTH_PAGES = ["/", "/signin", "/signup", "/forgot-password"];

/** Only same-site paths may follow sign-in, so a crafted ?next= cannot send people elsewhere. */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/dashboard";
  return next;
}

/** Where sign-in should return to from `location`: the page itself, or the dashboard from an auth page. */
export function returnPathFrom(location: { pathname: string; search: string }): string {
  if (AUTH_PAGES.includes(location.pathname)) return "/dashboard";
  return safeNextPath(`${location.pathname}${location.search}`);
}

/** The sign-in URL that comes back to `next` (the current page by default) once signed in. */
export function signInUrl(next: string = returnPathFrom(window.location)): string {
  return `/api/login?next=${encodeURIComponent(safeNextPath(next))}`;
}

/** Sign-in and sign-out are full page navigations: the server owns the session cookie. */
export function signIn(next?: string): void {
  window.location.href = signInUrl(next);
}

/** Sign-out is a POST (a GET could be triggered by any other site); then back to the start page. */
export async function signOut(): Promise<void> {
  await fetch("/api/logout", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
  window.location.href = "/";
}
