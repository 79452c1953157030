import { QueryClientProvider } from "@tanstack/react-query";
import "@testing-library/jest-dom/vitest";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, vi } from "vitest";
import { createQueryClient } from "../api/query-client";
import { Toaster } from "../ui/Toaster";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

export type ApiHandler = (init: RequestInit | undefined, url: URL) => { status: number; body?: unknown };

/** Answers fetch calls by "METHOD /path"; unknown calls answer 404 so a test sees what was not expected. */
export function stubApi(handlers: Record<string, ApiHandler | { status: number; body?: unknown }>) {
  const calls: { method: string; path: string; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    calls.push({ method, path: url.pathname, init });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = typeof handler === "function" ? handler(init, url) : (handler ?? { status: 404, body: "Not Found" });
    const text =
      answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

/** Renders a screen with the app's real query client, router and toaster. */
export function renderRoute(element: ReactElement, options: { path?: string; route?: string } = {}) {
  const client = createQueryClient();
  const path = options.path ?? "/";
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.route ?? path]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>navigated away</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
