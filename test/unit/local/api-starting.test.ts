import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { startWebServer } from "../../../local/src/http/web-server.js";
import { Outbox } from "../../../local/src/outbox/outbox.js";

let dir: string;
let web: RunningServer;
let ready = false;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-api-starting-"));
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  writeFileSync(path.join(dir, "dist", "index.html"), "<!doctype html><title>app</title>");
  web = await startWebServer({
    port: 0,
    distDir: path.join(dir, "dist"),
    outbox: new Outbox(path.join(dir, "outbox")),
    runtimeConfig: () => ({ stage: "local" }),
    securityHeaders: () => ({}),
    apiReady: () => ready,
  });
});

afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local web origin while the stack starts", () => {
  it("answers the API 503 'starting' with a retry hint, not a handler's 500, until every service is up", async () => {
    for (const urlPath of ["/api/health", "/api/profile"]) {
      const response = await fetch(`${web.url}${urlPath}`);
      expect(response.status, urlPath).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(await response.json()).toEqual({ status: "starting" });
    }
    // The page itself is served already: it shows its own loading state.
    expect((await fetch(`${web.url}/`)).status).toBe(200);
  });

  it("routes the API to its handlers once the stack says it is up", async () => {
    ready = true;
    const response = await fetch(`${web.url}/api/no-such-route`);
    expect(response.status).toBe(404);
  });
});
