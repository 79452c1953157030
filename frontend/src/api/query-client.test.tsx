import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast } from "../ui/toast-store";
import { AUTH_USER_KEY, createQueryClient } from "./query-client";

describe("global 401 handling", () => {
  const location = { href: "/", pathname: "/settings", search: "?tab=privacy" };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("location", location);
    location.href = "/";
  });
  afterEach(() => {
    for (const t of currentToasts()) dismissToast(t.id);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tells a signed-in person they were logged out and after 500 ms sends them to sign in and back to this page", async () => {
    vi.stubGlobal("location", location);
    const client = createQueryClient();
    client.setQueryData(AUTH_USER_KEY, { userId: "u1" });
    vi.stubGlobal("fetch", async () => new Response("Unauthorized", { status: 401 }));
    await act(() => client.fetchQuery({ queryKey: ["/api/stats"] }).catch(() => undefined));
    expect(currentToasts()[0]).toMatchObject({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
    });
    expect(location.href).toBe("/");
    vi.advanceTimersByTime(500);
    expect(location.href).toBe("/api/login?next=%2Fsettings%3Ftab%3Dprivacy");
  });

  it("does nothing for a visitor who was never signed in", async () => {
    const client = createQueryClient();
    vi.stubGlobal("fetch", async () => new Response("Unauthorized", { status: 401 }));
    await client.fetchQuery({ queryKey: ["/api/stats"] }).catch(() => undefined);
    vi.advanceTimersByTime(1000);
    expect(currentToasts()).toHaveLength(0);
    expect(location.href).toBe("/");
  });

  it("never retries or refetches on its own", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
