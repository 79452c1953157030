import { apiUrl } from "../api/runtime-config";

/** Sign-in and sign-out are full page navigations: the server owns the session cookie. */
export function signIn(): void {
  window.location.href = apiUrl("/api/login");
}

export function signOut(): void {
  window.location.href = apiUrl("/api/logout");
}

/** Only same-site paths may follow sign-in, so a crafted ?next= cannot send people elsewhere. */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/dashboard";
  return next;
}
