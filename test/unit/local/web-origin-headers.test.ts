import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, webSecurityHeaders } from "../../../lib/constructs/content-security-policy.js";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { startWebServer } from "../../../local/src/http/web-server.js";
import { Outbox } from "../../../local/src/outbox/outbox.js";

const S3_ORIGIN = "http://127.0.0.1:4569";
const local = webSecurityHeaders({ uploadOrigins: [S3_ORIGIN], https: false });
let dir: string;
let web: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-web-origin-"));
  const dist = path.join(dir, "dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(path.join(dist, "assets", "app.js"), "console.log(1);");
  web = await startWebServer({
    port: 0,
    distDir: dist,
    outbox: new Outbox(path.join(dir, "outbox")),
    runtimeConfig: () => ({ stage: "local" }),
    securityHeaders: () => local,
  });
});

afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local web origin's security headers", () => {
  it("sends CloudFront's headers on pages, assets, /config.json and the API", async () => {
    for (const urlPath of ["/", "/dashboard", "/assets/app.js", "/config.json", "/api/no-such-route"]) {
      const response = await fetch(`${web.url}${urlPath}`);
      for (const [name, value] of Object.entries(local)) expect(response.headers.get(name), urlPath).toBe(value);
    }
  });

  it("is CloudFront's policy with the S3 stand-in as upload origin, less only what needs HTTPS", () => {
    const deployed = webSecurityHeaders({ uploadOrigins: [S3_ORIGIN] });
    expect(local["content-security-policy"]).toContain(`connect-src 'self' ${S3_ORIGIN};`);
    expect(`${local["content-security-policy"]}; upgrade-insecure-requests`).toBe(deployed["content-security-policy"]);
    expect(deployed["content-security-policy"]).toBe(contentSecurityPolicy({ uploadOrigins: [S3_ORIGIN] }));
    const { "strict-transport-security": hsts, ...rest } = deployed;
    expect(hsts).toMatch(/^max-age=\d+; includeSubDomains; preload$/);
    expect(Object.keys(local).sort()).toEqual(Object.keys(rest).sort());
  });

  it("leaves the local-only outbox without the app's policy", async () => {
    const response = await fetch(`${web.url}/outbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});
