import { existsSync, readFileSync, statSync } from "node:fs";
import type http from "node:http";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".onnx": "application/octet-stream",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
};

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LikenessGuard: web app not built</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:80px auto;padding:0 24px;color:#1f2937}code{background:#f3f4f6;padding:2px 6px;border-radius:4px}</style>
</head><body><h1>The web app has not been built yet</h1>
<p>The local stack is running, but <code>frontend/dist</code> is missing. Build it with</p>
<p><code>npm run build:web</code></p><p>and reload this page. (<code>npm run up</code> does this for you.)
The <a href="/outbox">outbox</a> and the <a href="/api/health">health API</a> work already.</p></body></html>`;

/**
 * Serves the built React app: files as they are (hashed assets cached for good), any other path
 * falls back to index.html so client-side routes load.
 */
export function serveStatic(res: http.ServerResponse, distDir: string, urlPath: string): void {
  const index = path.join(distDir, "index.html");
  if (!existsSync(index)) {
    res.writeHead(503, { "content-type": "text/html; charset=utf-8" });
    res.end(MISSING_BUILD);
    return;
  }
  const requested = path.resolve(distDir, `.${decodeURIComponent(urlPath)}`);
  const inside = requested.startsWith(distDir + path.sep);
  const found = inside && existsSync(requested) && statSync(requested).isFile();
  if (!found && path.extname(requested) !== "") {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("Not found");
    return;
  }
  const file = found ? requested : index;
  const immutable = file !== index && file.includes(`${path.sep}assets${path.sep}`);
  res.writeHead(200, {
    "content-type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  res.end(readFileSync(file));
}
