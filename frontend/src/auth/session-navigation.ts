import { apiUrl } from "../api/runtime-config";

/** Sign-in and sign-out are full page navigations: the server owns the session cookie. */
export function signIn(): void {
  window.location.href = apiUrl("/api/login");
}

/** Sign-out is a POST (a GET could be triggered by any other site); then back to the start page. */
export async function signOut(): Promise<void> {
  await fetch(apiUrl("/api/logout"), { method: "POST", credentials: "same-origin" }).catch(() => undefined);
  window.location.href = "/";
}

/** Only same-site paths may follow sign-in, so a crafted ?next= cannot send people elsewhere. */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/dashboard";
  return next;
}
