import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { decryptPushPayload, MAX_PUSH_PLAINTEXT_BYTES, verifyVapidAuthorization } from "@lg/notices";
import { listen, type RunningServer, readBody } from "../aws/http-server.js";
import type { Outbox } from "../outbox/outbox.js";

/** aes128gcm header (21) + P-256 key id (65) + one 4096-byte record: the most a push may carry. */
const MAX_BODY_BYTES = 21 + 65 + MAX_PUSH_PLAINTEXT_BYTES + 17;
const URGENCIES = new Set(["very-low", "low", "normal", "high"]);

interface IssuedSubscription {
  token: string;
  /** The applicationServerKey the subscription was made with: pushes signed by another key are refused. */
  applicationServerKey?: string;
  /** Present when the stand-in made the browser-side keys itself (a test subscriber), so it can decrypt. */
  userAgent?: { privateKey: string; publicKey: string; authSecret: string };
  unsubscribedAt?: string;
}

class SubscriptionFile {
  private readonly file: string;
  readonly items: IssuedSubscription[];
  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, "subscriptions.json");
    this.items = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, "utf8")) as IssuedSubscription[]) : [];
  }
  save() {
    writeFileSync(this.file, JSON.stringify(this.items, null, 2), { mode: 0o600 });
  }
}

const send = (res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
};

/**
 * A Web Push service for the local stack, standing in for FCM / Mozilla autopush / Apple:
 * `POST /subscribe` issues an endpoint (and, for test subscribers, the browser-side keys);
 * `POST /push/<token>` is RFC 8030 message delivery with RFC 8292 VAPID checked (ES256, aud, exp)
 * and RFC 8291 aes128gcm bodies, answered 201 Created; `DELETE /push/<token>` is the browser
 * unsubscribing, after which pushes get 410 Gone. Accepted messages land in the outbox.
 */
export async function startPushService(options: { dataDir: string; outbox: Outbox }): Promise<RunningServer> {
  const subscriptions = new SubscriptionFile(options.dataDir);
  let origin = "";
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", origin);
      if (req.method === "POST" && url.pathname === "/subscribe") return await subscribe(req, res);
      const token = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1];
      const issued = token ? subscriptions.items.find((s) => s.token === token) : undefined;
      if (!token || !issued) return send(res, 404, { reason: "No such subscription" });
      if (issued.unsubscribedAt) return send(res, 410, { reason: "Subscription has been unsubscribed" });
      if (req.method === "DELETE") {
        issued.unsubscribedAt = new Date().toISOString();
        subscriptions.save();
        return send(res, 204);
      }
      if (req.method !== "POST") return send(res, 405, { reason: "Use POST to push a message" });
      await deliver(req, res, issued);
    } catch (error) {
      send(res, 500, { reason: (error as Error).message });
    }
  });

  async function subscribe(req: http.IncomingMessage, res: http.ServerResponse) {
    let input: { applicationServerKey?: string; issueKeys?: boolean };
    try {
      const raw = (await readBody(req, 4096)).toString("utf8");
      input = raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, { reason: "Body must be JSON {applicationServerKey?, issueKeys?} under 4 KB" });
    }
    const issued: IssuedSubscription = { token: randomBytes(24).toString("base64url") };
    if (input.applicationServerKey) issued.applicationServerKey = input.applicationServerKey;
    if (input.issueKeys) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      issued.userAgent = {
        privateKey: ecdh.getPrivateKey().toString("base64url"),
        publicKey: ecdh.getPublicKey().toString("base64url"),
        authSecret: randomBytes(16).toString("base64url"),
      };
    }
    subscriptions.items.push(issued);
    subscriptions.save();
    const endpoint = `${origin}/push/${issued.token}`;
    send(
      res,
      201,
      {
        endpoint,
        expirationTime: null,
        ...(issued.userAgent
          ? { keys: { p256dh: issued.userAgent.publicKey, auth: issued.userAgent.authSecret } }
          : {}),
      },
      { location: endpoint },
    );
  }

  async function deliver(req: http.IncomingMessage, res: http.ServerResponse, issued: IssuedSubscription) {
    const vapid = verifyVapidAuthorization(req.headers.authorization, origin, new Date());
    if (!vapid.ok) return send(res, 401, { reason: vapid.reason });
    if (issued.applicationServerKey && issued.applicationServerKey !== vapid.publicKey) {
      return send(res, 403, { reason: "VAPID key is not the subscription's applicationServerKey" });
    }
    const ttl = req.headers.ttl;
    if (ttl === undefined || !/^\d+$/.test(String(ttl))) return send(res, 400, { reason: "TTL header is required" });
    const urgency = String(req.headers.urgency ?? "normal");
    if (!URGENCIES.has(urgency)) return send(res, 400, { reason: `Unknown Urgency ${urgency}` });
    if (req.headers["content-encoding"] !== "aes128gcm") {
      return send(res, 415, { reason: "Content-Encoding must be aes128gcm" });
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch {
      return send(res, 413, { reason: `Payload larger than ${MAX_BODY_BYTES} bytes` });
    }
    const message = options.outbox.add({
      channel: "push",
      via: "push",
      to: [`${origin}/push/${issued.token}`],
      subject: "Web Push message",
      ...(issued.userAgent ? { text: decrypted(body, issued.userAgent) } : {}),
      push: {
        ciphertextBytes: body.length,
        body: body.toString("base64url"),
        ttl: Number(ttl),
        urgency,
        ...(req.headers.topic ? { topic: String(req.headers.topic) } : {}),
        vapid: { ...vapid.claims, k: vapid.publicKey },
        decryptedHere: Boolean(issued.userAgent),
      },
    });
    send(res, 201, undefined, { location: `${origin}/message/${message.id}` });
  }

  // Endpoints name this origin, and browsers keep them: come back on the same port after a restart
  // (a real push service keeps its URL), or on a new one only when that port is taken.
  const portFile = path.join(options.dataDir, "port");
  const previous = existsSync(portFile) ? Number(readFileSync(portFile, "utf8")) : 0;
  const running = await listen(server, Number.isInteger(previous) ? previous : 0).catch(() => listen(server, 0));
  writeFileSync(portFile, String(running.port));
  origin = running.url;
  return running;
}

function decrypted(body: Buffer, ua: NonNullable<IssuedSubscription["userAgent"]>): string {
  try {
    return decryptPushPayload(body, {
      privateKey: Buffer.from(ua.privateKey, "base64url"),
      publicKey: Buffer.from(ua.publicKey, "base64url"),
      authSecret: Buffer.from(ua.authSecret, "base64url"),
    }).toString("utf8");
  } catch (error) {
    return `(could not decrypt: ${(error as Error).message})`;
  }
}
