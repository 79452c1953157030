import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, serveStatic } from "../../../local/src/http/static-files.js";

let dist: string;
let server: http.Server;
let base: string;
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;

/** Raw GET: fetch would undo the content encoding this test is about. */
function get(urlPath: string, acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${base}${urlPath}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "lg-static-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(path.join(dist, "assets", "app.js"), script);
  writeFileSync(path.join(dist, "assets", "photo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  server = http.createServer((req, res) => serveStatic(res, dist, req.url ?? "/", req.headers["accept-encoding"]));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the local web origin's static files", () => {
  it("sends scripts brotli-compressed when the browser accepts br, as CloudFront does", async () => {
    const { headers, body } = await get("/assets/app.js", "gzip, deflate, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers.vary).toBe("accept-encoding");
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it("falls back to gzip, and to the plain file for clients that accept neither", async () => {
    const gzip = await get("/assets/app.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get("/assets/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("leaves images as they are and serves the SPA fallback compressed", async () => {
    expect((await get("/assets/photo.png", "br")).headers["content-encoding"]).toBeUndefined();
    const route = await get("/dashboard", "br");
    expect(route.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(route.body).toString()).toContain("<title>app</title>");
  });

  it("recompresses a file rebuilt while the server runs", async () => {
    await get("/assets/app.js", "br");
    const rebuilt = "console.log('rebuilt');";
    writeFileSync(path.join(dist, "assets", "app.js"), rebuilt);
    utimesSync(path.join(dist, "assets", "app.js"), new Date(), new Date(Date.now() + 5_000));
    expect(brotliDecompressSync((await get("/assets/app.js", "br")).body).toString()).toBe(rebuilt);
    writeFileSync(path.join(dist, "assets", "app.js"), script);
  });

  it("honours q=0 refusals in Accept-Encoding", () => {
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
  });
});
