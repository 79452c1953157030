import { existsSync, readFileSync, statSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { decodePathSegment } from "./route-table.js";

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

/** Types CloudFront compresses; images, fonts and models are compressed already or not worth it. */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg)/;

type Encoding = "br" | "gzip";
const compressed = new Map<string, { mtimeMs: number; body: Buffer }>();

/** Brotli, else gzip, as the browser accepts (CloudFront does the same); null for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => q?.trim() !== "q=0")
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return null;
}

/** Each file is compressed once per version on disk: the build changes files, the server keeps running. */
function compressedBody(file: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  const { mtimeMs } = statSync(file);
  const cached = compressed.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const raw = readFileSync(file);
  const body =
    encoding === "br"
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(raw, { level: 9 });
  compressed.set(key, { mtimeMs, body });
  return body;
}

/**
 * Serves the built React app: files as they are (hashed assets cached for good), any other path
 * falls back to index.html so client-side routes load. Text assets go compressed, as CloudFront
 * sends them, so what the browser downloads locally weighs what it does deployed.
 */
export function serveStatic(res: http.ServerResponse, distDir: string, urlPath: string, acceptEncoding?: string): void {
  const index = path.join(distDir, "index.html");
  if (!existsSync(index)) {
    res.writeHead(503, { "content-type": "text/html; charset=utf-8" });
    res.end(MISSING_BUILD);
    return;
  }
  const decoded = decodePathSegment(urlPath);
  if (decoded === null) {
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
    res.end("Bad request: malformed percent-encoding in the path");
    return;
  }
  const requested = path.resolve(distDir, `.${decoded}`);
  const inside = requested.startsWith(distDir + path.sep);
  const found = inside && existsSync(requested) && statSync(requested).isFile();
  if (!found && path.extname(requested) !== "") {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("Not found");
    return;
  }
  const file = found ? requested : index;
  const immutable = file !== index && file.includes(`${path.sep}assets${path.sep}`);
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  const encoding = COMPRESSIBLE.test(type) ? chooseEncoding(acceptEncoding) : null;
  res.writeHead(200, {
    "content-type": type,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "accept-encoding",
    ...(encoding ? { "content-encoding": encoding } : {}),
  });
  res.end(encoding ? compressedBody(file, encoding) : readFileSync(file));
}
