/**
 * Web benchmark: Lighthouse on the landing page and the dashboard.
 * Prints, and writes as JSON per page, performance, accessibility, lcpMs and initialJsGzipBytes.
 * Goals: performance >= 95, accessibility 100, initial JS <= 200 KB gzipped.
 *
 * Usage: npm run bench:web -- [--out FILE.json] [--base-url URL] [--form-factor mobile|desktop]
 * Without --base-url (or LG_WEB_URL) it serves frontend/dist itself (building it first if missing);
 * API calls then answer 404, which the app shows as "no data", so the page weight is the real one.
 */
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const dist = path.join(repoRoot, "frontend/dist");
const PAGES = [
  { name: "landing", path: "/" },
  { name: "dashboard", path: "/dashboard" },
];
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-gpu"];

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    "base-url": { type: "string" },
    "form-factor": { type: "string", default: "mobile" },
  },
});

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** A static server for the built app: gzip like CloudFront, long cache for hashed assets, SPA fallback. */
function serveDist(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/api/")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    let file = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""));
    if (!file.startsWith(dist) || !existsSync(file) || url.pathname === "/") file = path.join(dist, "index.html");
    const body = readFileSync(file);
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const immutable = url.pathname.startsWith("/assets/");
    res.writeHead(200, {
      "content-type": type,
      "content-encoding": "gzip",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    res.end(gzipSync(body));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Gzipped size of every script the page loaded, measured from the built files it names. */
function initialJsGzipBytes(networkItems: { url: string; resourceType?: string }[]): number {
  let total = 0;
  for (const item of networkItems) {
    if (item.resourceType !== "Script") continue;
    const local = path.join(dist, new URL(item.url).pathname);
    if (existsSync(local)) total += gzipSync(readFileSync(local)).length;
  }
  return total;
}

async function main() {
  let server: Server | undefined;
  let baseUrl = values["base-url"] ?? process.env.LG_WEB_URL;
  if (!baseUrl) {
    if (!existsSync(path.join(dist, "index.html"))) execSync("npm run build:web", { cwd: repoRoot, stdio: "inherit" });
    server = await serveDist();
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const results: Record<
    string,
    { performance: number; accessibility: number; lcpMs: number; initialJsGzipBytes: number }
  > = {};
  try {
    for (const page of PAGES) {
      const runner = await lighthouse(
        `${baseUrl}${page.path}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
        values["form-factor"] === "desktop" ? desktopConfig : undefined,
      );
      if (!runner) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const lhr = runner.lhr;
      const items =
        (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] })?.items ?? [];
      results[page.name] = {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        initialJsGzipBytes: initialJsGzipBytes(items),
      };
      const failing = Object.values(lhr.audits).filter(
        (a) => lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id) && a.score !== null && a.score < 1,
      );
      for (const id of [
        "first-contentful-paint",
        "speed-index",
        "total-blocking-time",
        "bootup-time",
        "mainthread-work-breakdown",
      ]) {
        console.log(`  [${page.name}] ${id}: ${lhr.audits[id]?.displayValue ?? ""}`);
      }
      for (const audit of failing) {
        console.log(`  [${page.name}] accessibility audit failing: ${audit.id} — ${audit.title}`);
        const nodes =
          (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? [];
        for (const n of nodes)
          console.log(`      ${n.node?.snippet ?? ""} ${n.node?.explanation?.split("\n")[1] ?? ""}`);
      }
    }
  } finally {
    await chrome.kill();
    server?.close();
  }
  const report = {
    loadAverage: os.loadavg()[0],
    cpus: os.cpus().length,
    formFactor: values["form-factor"],
    baseUrl,
    measuredAt: new Date().toISOString(),
    pages: results,
  };
  console.table(results);
  if (values.out) {
    mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
    writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written ${values.out}`);
  }
}

await main();
