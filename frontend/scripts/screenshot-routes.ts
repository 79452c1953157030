/**
 * Visual check: renders routes of the built app (frontend/dist) in Chromium at 1280 and 360 px and
 * saves PNGs to test-artifacts/screens. Files and /api calls are answered inside the browser
 * (request interception) so no server is needed; the API answers are sample shapes of the contract.
 * Usage: npx tsx frontend/scripts/screenshot-routes.ts [route ...]
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Route } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const out = path.resolve(root, "../test-artifacts/screens");
const ORIGIN = "http://app.test";

const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const threats = [
  {
    id: "t1",
    threatType: "deepfake",
    confidence: 96,
    platform: "instagram",
    contentType: "image",
    createdAt: iso(30),
    status: "active",
    url: "https://instagram.example/p/abc",
    evidenceData: { hash: "sha256:9f2c…e1" },
  },
  {
    id: "t2",
    threatType: "voice_clone",
    confidence: 78,
    platform: "youtube",
    createdAt: iso(60 * 26),
    status: "active",
    url: "https://youtube.example/watch?v=1",
  },
  {
    id: "t3",
    threatType: "impersonation",
    confidence: 55,
    platform: "twitter",
    createdAt: iso(60 * 24 * 4),
    status: "false_positive",
    url: "https://x.example/fake",
  },
];
const api: Record<string, unknown> = {
  "/api/auth/user": process.env.SIGNED_IN ? { userId: "u1", email: "me@example.com" } : null,
  "/api/stats": { activeThreats: 2, sitesScanned: 5, resolvedThreats: 1 },
  "/api/threats": threats,
  "/api/demo/threats": threats,
  "/api/profile": {
    membershipTier: "personal",
    platforms: ["instagram"],
    scanFrequency: "weekly",
    autoTakedown: false,
    faceEnrolled: true,
    faceVerified: true,
    voiceEnrolled: false,
    faceEmbeddingPath: "x",
    dataExpiryDays: 90,
    dataExpiresInDays: 83,
    lastScanAt: iso(5),
  },
  "/api/system/metrics": { detection: { faceTarAtFar1e3: 0.982, imageP50Ms: 412 }, platformsMonitored: 19 },
  "/api/health": {
    status: "ok",
    services: [
      { name: "database", ok: true, latencyMs: 4 },
      { name: "storage", ok: true, latencyMs: 6 },
      { name: "scanner", ok: false, latencyMs: 0, error: "unreachable" },
    ],
  },
  "/api/consent": {
    required: true,
    version: "v1",
    text: "We collect your face photo and voice sample to recognise your likeness.\nRaw samples are deleted after 90 days.",
  },
  "/api/dmca": {
    requestContent: "To the designated agent,\n\nI request removal of ...",
    recipient: "copyright@instagram.example",
    requiresConfirmation: ["I am the person shown", "I did not consent"],
  },
  "/api/demo/profile": {
    fullName: "Sarah Johnson",
    email: "sarah@example.com",
    membershipTier: "personal",
    scanPreferences: { socialMedia: true, forums: false },
  },
};

async function fulfil(route: Route) {
  const url = new URL(route.request().url());
  if (url.pathname.startsWith("/api/")) {
    const body = api[url.pathname];
    if (body === null) return route.fulfill({ status: 401, body: "Unauthorized" });
    if (body === undefined)
      return route.fulfill({ status: 501, body: JSON.stringify({ message: "not implemented yet" }) });
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  }
  if (url.pathname === "/config.json")
    return route.fulfill({ status: 200, contentType: "application/json", body: '{"stage":"local"}' });
  const file = path.join(dist, url.pathname);
  if (url.pathname !== "/" && existsSync(file)) {
    const type = file.endsWith(".js")
      ? "text/javascript"
      : file.endsWith(".css")
        ? "text/css"
        : "application/octet-stream";
    return route.fulfill({ status: 200, contentType: type, body: readFileSync(file) });
  }
  return route.fulfill({ status: 200, contentType: "text/html", body: readFileSync(path.join(dist, "index.html")) });
}

const routes =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : [
        "/",
        "/dashboard",
        "/signup",
        "/pricing",
        "/onboarding?demo=personal",
        "/scan-preferences",
        "/profile-setup",
        "/status",
        "/nope",
      ];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-background-networking", "--headless"],
});
try {
  for (const width of [1280, 360]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.route("**/*", fulfil);
    page.on("pageerror", (e) => console.error("pageerror", e.message));
    for (const route of routes) {
      await page.goto(`${ORIGIN}${route}`);
      await page.waitForSelector("main", { timeout: 20_000 }).catch(() => undefined);
      await page.waitForTimeout(800);
      const name = `${route.replace(/[/?=&]+/g, "_") || "_"}-${width}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(name);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
