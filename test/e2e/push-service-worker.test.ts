/**
 * The web app's service worker (frontend/public/sw.js, copied verbatim into the build) in a real
 * Chromium: a push message delivered through the DevTools protocol, as a push service would
 * deliver one, becomes a notification with the alert's title, body, tag and threat link. Headless
 * Chromium offline cannot subscribe through FCM, so the delivery step is the protocol's own.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serviceWorker = readFileSync(path.resolve(import.meta.dirname, "../../frontend/public/sw.js"));

let server: http.Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The browser APIs used inside page.evaluate (the test project compiles without DOM types). */
interface BrowserWithServiceWorker {
  navigator: {
    serviceWorker: {
      register(url: string, options: { scope: string }): Promise<unknown>;
      ready: Promise<{ getNotifications(filter: { tag: string }): Promise<ShownNotification[]> }>;
    };
  };
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url: string; threatId?: string };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/sw.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      return res.end(serviceWorker);
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>LikenessGuard</title><h1>LikenessGuard</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // localhost is a secure context, which service workers and notifications require.
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  context = await browser.newContext();
  await context.grantPermissions(["notifications"], { origin });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** One DevTools session: deliverPushMessage needs the ServiceWorker domain enabled on the same session. */
async function serviceWorkerDomain() {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return {
    deliver: async (payload: unknown) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      }),
  };
}

/**
 * Delivers the push and waits for its notification. A push that reaches the registration while
 * its worker is still being activated is dropped by Chromium (as a push service's first attempt
 * can be), so an unanswered delivery is repeated; the tag makes a repeat replace, not add.
 */
async function deliverAndShow(
  devtools: { deliver(payload: unknown): Promise<unknown> },
  payload: { tag: string; [field: string]: unknown },
): Promise<ShownNotification> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await devtools.deliver(payload);
    const attemptEnds = Date.now() + 3_000;
    while (Date.now() < attemptEnds) {
      const shown = await page.evaluate(async (wanted) => {
        const registration = await (globalThis as unknown as BrowserWithServiceWorker).navigator.serviceWorker.ready;
        return (await registration.getNotifications({ tag: wanted })).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        }));
      }, payload.tag);
      if (shown[0]) return shown[0] as ShownNotification;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (Date.now() > deadline) throw new Error(`no notification tagged ${payload.tag}`);
  }
}

describe("service worker push handler", () => {
  it("shows a pushed threat alert as a notification that links to the threat", async () => {
    await page.goto(`${origin}/`);
    const devtools = await serviceWorkerDomain();
    await page.evaluate(async () => {
      const { serviceWorker } = (globalThis as unknown as BrowserWithServiceWorker).navigator;
      await serviceWorker.register("/sw.js", { scope: "/" });
      await serviceWorker.ready;
    });

    const alert = {
      title: "Critical threat detected",
      body: "Deepfake detected on Reddit (strong match)",
      tag: "threat-01JPUSH",
      url: `${origin}/dashboard?threat=01JPUSH`,
      threatId: "01JPUSH",
    };
    expect(await deliverAndShow(devtools, alert)).toEqual({
      title: alert.title,
      body: alert.body,
      tag: alert.tag,
      data: { url: alert.url, threatId: alert.threatId },
    });
  });

  it("never links a notification off the app's own origin", async () => {
    const devtools = await serviceWorkerDomain();
    const shown = await deliverAndShow(devtools, {
      title: "Threat detected",
      body: "x",
      tag: "threat-foreign",
      url: "https://evil.example/",
    });
    expect(shown.data.url).toBe(`${origin}/dashboard`);
  });
});
