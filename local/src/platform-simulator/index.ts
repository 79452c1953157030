import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { readLabels } from "@lg/detection/labelled-data";
import { fourChanMediaRoute, fourChanRoute, pastebinRoute } from "./formats/boards.js";
import { discordCdnRoute, discordRoute, ebayRoute } from "./formats/commerce-chat.js";
import { blueskyRoute, mastodonRoute } from "./formats/fediverse.js";
import { redditRoute } from "./formats/reddit.js";
import type { FormatRoute } from "./formats/route.js";
import { telegramRoute } from "./formats/telegram.js";
import { tiktokRoute, tiktokWebRoute } from "./formats/tiktok.js";
import { feedsRoute, itemLinkPageRoute, itemNumberIn, publicItemPageRoute, webRoute } from "./formats/web-pages.js";
import { xRoute } from "./formats/x.js";
import { youtubeRoute } from "./formats/youtube.js";
import { personas } from "./personas.js";
import { postByTest, type TestPost } from "./posted-by-test.js";
import { buildScenario, contentTypeOf, type Scenario } from "./scenario.js";
import { SimContext, sendJson } from "./sim-context.js";

export type { Scenario, SimItem } from "./scenario.js";

export interface PlatformSimulatorOptions {
  port?: number;
  /** The shared labelled data folder (/work/shared/data). */
  dataDir: string;
  /** Persona id from personas.ts (default `obama`). */
  persona?: string;
  totalItems?: number;
  plantedItems?: number;
  seed?: number;
  /** Labelled synthetic pictures (paths in dataDir) to post as well, e.g. for a person enrolled with that face. */
  syntheticFaces?: string[];
  /**
   * How long each platform request takes before its answer (default 0). Real platforms take
   * hundreds of milliseconds; on a fast machine an instant simulator ends a scan between two polls
   * of its progress, so tests of live progress give it a real platform's pace.
   */
  responseDelayMs?: number;
}

export interface PlatformSimulator {
  url: string;
  /** Base URL per connector origin key (the keys of CONNECTOR_BASE_URLS). */
  hosts: Record<string, string>;
  /** Environment that points connectors at this simulator. */
  env: Record<
    | "CONNECTOR_BASE_URLS"
    | "CONNECTOR_TARGETS"
    | "CONNECTOR_ALLOWED_HOSTS"
    | "CONNECTOR_CREDENTIALS"
    | "CONNECTOR_RATE_LIMITS",
    string
  >;
  scenario: Scenario;
  stop(): Promise<void>;
}

const routes: Record<string, FormatRoute> = {
  youtube: youtubeRoute,
  reddit: redditRoute,
  x: xRoute,
  bluesky: blueskyRoute,
  mastodon: mastodonRoute,
  telegram: telegramRoute,
  tiktok: tiktokRoute,
  "tiktok-web": (ctx, r) => tiktokWebRoute(ctx, r) || publicItemPageRoute(ctx, r),
  "4chan": fourChanRoute,
  "4chan-media": fourChanMediaRoute,
  pastebin: pastebinRoute,
  ebay: (ctx, r) => (r.path.startsWith("/itm/") ? publicItemPageRoute(ctx, r) : ebayRoute(ctx, r)),
  discord: discordRoute,
  "discord-cdn": discordCdnRoute,
  "youtube-web": publicItemPageRoute,
  "x-web": publicItemPageRoute,
  "bluesky-web": publicItemPageRoute,
  "4chan-web": publicItemPageRoute,
  web: webRoute,
  feeds: feedsRoute,
};

/**
 * One local server answering every connector's real API or page format, with real media from
 * the shared data folder and a deterministic scenario of planted and decoy items
 * (GET /__scenario). Product code reaches it only through configured base URLs.
 */
export async function startPlatformSimulator(options: PlatformSimulatorOptions): Promise<PlatformSimulator> {
  const persona = personas[options.persona ?? "obama"];
  if (!persona) throw new Error(`Unknown persona ${options.persona}; known: ${Object.keys(personas).join(", ")}`);
  const scenario = buildScenario(await readLabels(options.dataDir), persona, {
    totalItems: options.totalItems ?? 240,
    plantedItems: options.plantedItems ?? 30,
    seed: options.seed ?? 1,
    ...(options.syntheticFaces ? { syntheticFaces: options.syntheticFaces } : {}),
  });
  let ctx: SimContext | undefined;
  /** Files tests posted (POST /__post), by media path. */
  const posted = new Map<string, Uint8Array>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = () => {
        if (!ctx) return sendJson(res, { error: "starting" }, 503);
        handle(ctx, options.dataDir, posted, req, res, Buffer.concat(chunks).toString("utf8")).catch((error: Error) => {
          if (!res.headersSent) sendJson(res, { error: error.message }, 500);
          else res.destroy();
        });
      };
      // Control requests (/__scenario, /__takedown, /__post) are the test's own, never a platform's.
      const delay = req.url?.startsWith("/__") ? 0 : (options.responseDelayMs ?? 0);
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  ctx = new SimContext(scenario, url);
  const hosts = Object.fromEntries(Object.keys(routes).map((key) => [key, `${url}/p/${key}`]));
  return {
    url,
    hosts,
    env: connectorEnv(ctx, hosts, `127.0.0.1:${port}`),
    scenario,
    stop: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

function connectorEnv(ctx: SimContext, hosts: Record<string, string>, hostPort: string): PlatformSimulator["env"] {
  const { channels, webPlatforms } = ctx.scenario;
  const targets: Record<string, { pages?: string[]; feeds?: string[]; channels?: string[]; profileUrl?: string }> = {
    telegram: { channels: channels.telegram },
    discord: { channels: channels.discord },
    messaging: { channels: [...channels.telegram, ...channels.discord] },
    imageboards: { channels: channels["4chan"] },
  };
  for (const platform of webPlatforms) {
    targets[platform] = { pages: [`${hosts.web}/${platform}/`], profileUrl: `${hosts.web}/${platform}/u/{handle}` };
  }
  targets.crypto = { ...targets.crypto, feeds: [`${hosts.feeds}/crypto.rss`] };
  targets.deepweb = { ...targets.deepweb, feeds: [`${hosts.feeds}/deepweb.atom`] };
  const { web: _web, feeds: _feeds, ...baseUrls } = hosts;
  return {
    CONNECTOR_BASE_URLS: JSON.stringify(baseUrls),
    CONNECTOR_TARGETS: JSON.stringify(targets),
    CONNECTOR_ALLOWED_HOSTS: hostPort,
    // Every simulated platform shares this one host, so its bucket must hold all of them.
    CONNECTOR_RATE_LIMITS: JSON.stringify({ [hostPort]: { burst: 100, perSecond: 500 } }),
    // The simulator checks these are present, as the real APIs do; they are not secrets.
    CONNECTOR_CREDENTIALS: JSON.stringify({
      youtube: { apiKey: "simulator" },
      x: { bearerToken: "simulator" },
      tiktok: { clientKey: "simulator", clientSecret: "simulator" },
      ebay: { clientId: "simulator", clientSecret: "simulator" },
      discord: { botToken: "simulator" },
    }),
  };
}

async function handle(
  ctx: SimContext,
  dataDir: string,
  posted: Map<string, Uint8Array>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: string,
): Promise<void> {
  const url = new URL(req.url ?? "/", ctx.origin);
  if (url.pathname === "/__scenario") {
    sendJson(res, scenarioReport(ctx));
    return;
  }
  if (url.pathname === "/__takedown" && req.method === "POST") {
    takeDown(ctx, body, res);
    return;
  }
  if (url.pathname === "/__post" && req.method === "POST") {
    try {
      const item = postByTest(ctx, posted, JSON.parse(body) as TestPost);
      sendJson(res, { no: item.no, platform: item.platform, channel: item.channel, mediaUrl: ctx.mediaUrl(item) });
    } catch (error) {
      sendJson(res, { error: error instanceof Error ? error.message : String(error) }, 400);
    }
    return;
  }
  const media = /^\/media\/(\d+)\/(\d+)\.\w+$/.exec(url.pathname);
  if (media) {
    const file = ctx.scenario.items.find((i) => String(i.no) === media[1])?.media[Number(media[2])];
    const bytes = file ? posted.get(file.path) : undefined;
    if (bytes && file) {
      res.writeHead(200, { "content-type": file.contentType, "content-length": bytes.length });
      res.end(bytes);
      return;
    }
    return serveFile(res, dataDir, file?.path);
  }
  const avatar = /^\/avatars\/([^/]+?)\.\w+$/.exec(url.pathname);
  if (avatar) return serveFile(res, dataDir, ctx.account(avatar[1]!)?.avatarPath);
  const platform = /^\/p\/([^/]+)(\/.*)?$/.exec(url.pathname);
  const route = platform ? routes[platform[1]!] : undefined;
  const request = { req, res, path: decodeURIComponent(platform?.[2] ?? "/"), query: url.searchParams, body };
  if (route?.(ctx, request)) return;
  // Every link a connector reports opens a public page on the real platform, so it does here too.
  if (platform && itemLinkPageRoute(ctx, { ...request, path: `/${platform[1]}${request.path}` })) return;
  sendJson(res, { error: "not found" }, 404);
}

/**
 * The platform acting on a notice: POST /__takedown {no} or {url} removes the item everywhere
 * (search, APIs, its public page and its media then answer 404), as a removal on the real platform
 * does. Tests use it to see re-checks find the content gone; nothing in the product calls it.
 */
function takeDown(ctx: SimContext, body: string, res: http.ServerResponse): void {
  let request: { no?: unknown; url?: unknown };
  try {
    request = JSON.parse(body || "{}") as typeof request;
  } catch {
    sendJson(res, { error: "send JSON: {no} or {url}" }, 400);
    return;
  }
  const no =
    typeof request.no === "number" || typeof request.no === "string"
      ? String(request.no)
      : typeof request.url === "string"
        ? itemNumberIn(request.url)
        : undefined;
  const index = no === undefined ? -1 : ctx.scenario.items.findIndex((i) => String(i.no) === no);
  if (index < 0) {
    sendJson(res, { error: "no such item" }, 404);
    return;
  }
  const [removed] = ctx.scenario.items.splice(index, 1);
  sendJson(res, { removed: removed?.no, platform: removed?.platform });
}

async function serveFile(res: http.ServerResponse, dataDir: string, relative: string | undefined): Promise<void> {
  if (!relative) {
    sendJson(res, { error: "not found" }, 404);
    return;
  }
  const file = path.join(dataDir, relative);
  const { size } = await stat(file);
  res.writeHead(200, { "content-type": contentTypeOf(file), "content-length": size });
  createReadStream(file).pipe(res);
}

/** What was planted where, with the public URL a connector will report, for recall and demos. */
function scenarioReport(ctx: SimContext) {
  const { scenario } = ctx;
  return {
    persona: scenario.persona,
    seed: scenario.seed,
    totalItems: scenario.items.length,
    impersonators: scenario.accounts
      .filter((a) => a.impersonates)
      .map((a) => ({
        handle: a.handle,
        displayName: a.displayName,
        avatar: a.avatarPath,
        avatarUrl: ctx.avatarUrl(a),
      })),
    items: scenario.items.map((i) => ({
      no: i.no,
      source: i.source,
      platform: i.platform,
      channel: i.channel,
      author: i.author.handle,
      text: i.text,
      media: i.media.map((m, n) => ({ path: m.path, kind: m.kind, url: ctx.mediaUrl(i, n) })),
      planted: i.planted ?? null,
      synthetic: i.synthetic,
    })),
  };
}
