import { Stats } from "@lg/domain/threats/web-contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiJson, apiRequest, getByQueryKey, queryPath } from "./client";
import { serverMessage } from "./errors";
import { loadRuntimeConfig } from "./runtime-config";

afterEach(() => vi.unstubAllGlobals());

describe("API client", () => {
  it("sends credentials and a JSON body with a JSON content type", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await apiRequest("POST", "/api/dmca", { threatId: "t1" });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(init.body).toBe('{"threatId":"t1"}');
  });

  it("turns a non-OK response into 'status: body text'", async () => {
    vi.stubGlobal("fetch", async () => new Response('{"message":"Plan limit reached"}', { status: 403 }));
    await expect(apiJson("POST", "/api/scan-preferences", {})).rejects.toThrow('403: {"message":"Plan limit reached"}');
  });

  it("falls back to the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 501, statusText: "Not Implemented" }));
    await expect(apiJson("GET", "/api/stats")).rejects.toThrow("501: Not Implemented");
  });

  it("calls the API on the page's own origin even when a config file names another host", async () => {
    // An absolute API address made every call cross-origin for a page opened as 127.0.0.1 (issue 27).
    const fetchMock = vi.fn(async (_url: string) => new Response("[]", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await loadRuntimeConfig(async () => new Response('{"apiUrl":"http://localhost:3000"}', { status: 200 }));
    await apiJson("GET", "/api/threats");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/threats");
  });

  it("joins query key parts with slashes", () => {
    expect(queryPath(["/api/threats", "t1"])).toBe("/api/threats/t1");
  });

  it("shows the server's message rather than raw JSON", () => {
    expect(serverMessage(new Error('422: {"message":"No face found"}'))).toBe("No face found");
    expect(serverMessage(new Error("500: boom"))).toBe("boom");
  });

  it("checks an answer against its web-contract schema in tests, naming the route and the field that drifted", async () => {
    vi.stubGlobal(
      "fetch",
      async () => new Response('{"activeThreats":"3","sitesScanned":2,"resolvedThreats":0}', { status: 200 }),
    );
    await expect(apiJson("GET", "/api/stats?since=today", undefined, Stats)).rejects.toThrow(
      /^The answer to GET \/api\/stats does not match the web contract: activeThreats: /,
    );
    await expect(getByQueryKey({ queryKey: ["/api/stats"] }, Stats)).rejects.toThrow("GET /api/stats");
  });

  it("returns the answer as the server sent it once it matches, fields the contract does not name included", async () => {
    const sent = { activeThreats: 3, sitesScanned: 2, resolvedThreats: 0, addedLater: true };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(sent), { status: 200 }));
    expect(await apiJson("GET", "/api/stats", undefined, Stats)).toEqual(sent);
  });
});
