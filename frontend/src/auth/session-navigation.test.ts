import { afterEach, describe, expect, it, vi } from "vitest";
import { returnPathFrom, safeNextPath, signInUrl, signOut } from "./session-navigation";

afterEach(() => vi.unstubAllGlobals());

describe("sign-out", () => {
  it("is a POST to /api/logout (a link or image elsewhere cannot sign anyone out), then the start page", async () => {
    const fetchMock = vi.fn(async () => new Response('{"signedOut":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const location = { href: "http://localhost/dashboard" };
    vi.stubGlobal("location", location);
    vi.stubGlobal("window", { location });
    await signOut();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/logout$/);
    expect(init.method).toBe("POST");
    expect(location.href).toBe("/");
  });
});

describe("returning after sign-in", () => {
  it("comes back to the page the person was on, and to the dashboard from the start or an auth page", () => {
    expect(returnPathFrom({ pathname: "/settings", search: "?tab=privacy" })).toBe("/settings?tab=privacy");
    expect(returnPathFrom({ pathname: "/signup", search: "" })).toBe("/dashboard");
    expect(returnPathFrom({ pathname: "/", search: "" })).toBe("/dashboard");
    expect(signInUrl("/onboarding")).toMatch(/\/api\/login\?next=%2Fonboarding$/);
  });

  it("never follows a next that leaves the site", () => {
    expect(safeNextPath("//evil.example/x")).toBe("/dashboard");
    expect(safeNextPath("https://evil.example")).toBe("/dashboard");
    expect(signInUrl("//evil.example")).toMatch(/next=%2Fdashboard$/);
  });
});
