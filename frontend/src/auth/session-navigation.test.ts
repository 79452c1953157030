import { afterEach, describe, expect, it, vi } from "vitest";
import { signOut } from "./session-navigation";

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
