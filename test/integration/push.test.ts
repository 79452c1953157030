import { createECDH, randomBytes } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { decryptPushPayload } from "@lg/notices";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { PLANTED_MEDIA_SHA256, plantThreat as plantThreatIn } from "./planted-threat.js";
import { freshProof, type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;
const pushService = stack.env.PUSH_SERVICE_ORIGINS ?? "";
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")));
const threats = new DynamoThreatRepository(doc, stack.env.TABLE_NAME ?? "");

interface PushedMessage {
  channel: string;
  to: string[];
  text?: string;
  push?: {
    ciphertextBytes: number;
    body: string;
    ttl: number;
    urgency: string;
    vapid: { aud: string; exp: number; sub?: string; k: string };
    decryptedHere: boolean;
  };
}

const pushesTo = async (endpoint: string) =>
  ((await (await fetch(api("/outbox/api/messages"))).json()) as { messages: PushedMessage[] }).messages.filter(
    (m) => m.channel === "push" && m.to.includes(endpoint),
  );

const request = (path: string, cookie: string, method = "GET", json?: unknown) =>
  fetch(api(path), {
    method,
    headers: { cookie, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    ...(json === undefined ? {} : { body: typeof json === "string" ? json : JSON.stringify(json) }),
  });

/** A browser: the push service issues the endpoint; the browser makes its own ECDH key and auth secret. */
async function testSubscriber(applicationServerKey: string) {
  const issued = await fetch(`${pushService}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ applicationServerKey }),
  });
  expect(issued.status).toBe(201);
  const { endpoint } = (await issued.json()) as { endpoint: string };
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    },
    keys: { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), authSecret },
  };
}

/** A threat whose record carries detection scores and a title: none of it may reach a push message. */
const plantThreat = (userId: string, id: string) =>
  plantThreatIn(threats, userId, id, {
    title: "Leaked clip of the person",
    detection: { faceSimilarity: 0.9137, voiceSimilarity: 0.8421, synthetic: 0.97 },
  });

async function handOver(userId: string, threatId: string) {
  Object.assign(process.env, stack.env);
  const { handOverNewThreats } = await import("../../lambdas/src/shared/scanning/alert-handover.js");
  return handOverNewThreats(userId, [threatId]);
}

let vapidPublicKey: string;
let ada: SignedUpPerson;
let bo: SignedUpPerson;

beforeAll(async () => {
  const res = await fetch(api("/api/push/vapid-public-key"));
  expect(res.status).toBe(200);
  ({ publicKey: vapidPublicKey } = (await res.json()) as { publicKey: string });
  ada = await signUp(stack.url, "push-ada");
  bo = await signUp(stack.url, "push-bo");
  for (const person of [ada, bo]) {
    const saved = await request("/api/profile", person.cookie, "PUT", {
      notificationSettings: { email: false, sms: false, push: true, frequency: "immediate", sensitivity: "high" },
    });
    expect(saved.status).toBe(200);
  }
}, 120_000);

describe("Web Push on the local stack", () => {
  it("serves one VAPID public key per deployment, a 65-byte P-256 point", async () => {
    expect(Buffer.from(vapidPublicKey, "base64url")).toHaveLength(65);
    const again = (await (await fetch(api("/api/push/vapid-public-key"))).json()) as { publicKey: string };
    expect(again.publicKey).toBe(vapidPublicKey);
  });

  it("refuses subscriptions without a session, off the push service, or with bad keys", async () => {
    const good = (await testSubscriber(vapidPublicKey)).json;
    const post = (cookie: string, body: unknown) => request("/api/push/subscriptions", cookie, "POST", body);
    expect((await post("", good)).status).toBe(401);
    for (const [body, message] of [
      [{ ...good, endpoint: "https://evil.example/collect" }, /https|push service/],
      [{ ...good, endpoint: "http://169.254.169.254/latest/meta-data" }, /https/],
      [{ ...good, keys: { ...good.keys, auth: "c2hvcnQ" } }, /16-byte/],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, /auth/],
      [{ endpoint: good.endpoint }, /keys/],
      ["{not json", /JSON/],
    ] as const) {
      const res = await post(ada.cookie, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(
      ((await (await request("/api/push/subscriptions", ada.cookie)).json()) as { subscriptions: [] }).subscriptions,
    ).toEqual([]);
  });

  it("logs turning a browser's alerts off in the account's audit log (issue 23 item 8)", async () => {
    const browser = await testSubscriber(vapidPublicKey);
    const created = await request("/api/push/subscriptions", ada.cookie, "POST", browser.json);
    const { id } = (await created.json()) as { id: string };
    expect((await request(`/api/push/subscriptions/${id}`, ada.cookie, "DELETE")).status).toBe(204);
    const { entries } = (await (await request("/api/audit-log", ada.cookie)).json()) as {
      entries: { action: string; subject?: string }[];
    };
    expect(entries).toContainEqual(expect.objectContaining({ action: "push.unsubscribed", subject: id }));
  });

  it("delivers a planted threat's alert as an aes128gcm push with a valid VAPID JWT to the person's browser only", async () => {
    const adaBrowser = await testSubscriber(vapidPublicKey);
    const boBrowser = await testSubscriber(vapidPublicKey);
    const created = await request("/api/push/subscriptions", ada.cookie, "POST", adaBrowser.json);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await request("/api/push/subscriptions", bo.cookie, "POST", boBrowser.json)).status).toBe(201);

    // Each person sees only their own subscription, and cannot delete the other's.
    const listed = (await (await request("/api/push/subscriptions", ada.cookie)).json()) as {
      subscriptions: { id: string; endpoint: string }[];
    };
    expect(listed.subscriptions.map((s) => s.endpoint)).toEqual([adaBrowser.json.endpoint]);
    expect(JSON.stringify(listed)).not.toContain(adaBrowser.json.keys.auth);
    expect((await request(`/api/push/subscriptions/${id}`, bo.cookie, "DELETE")).status).toBe(404);

    const threatId = `push-${ada.userId}`;
    await plantThreat(ada.userId, threatId);
    expect(await handOver(ada.userId, threatId)).toEqual({ alerts: 1, autoTakedowns: 0 });

    const [message, ...more] = await pushesTo(adaBrowser.json.endpoint);
    expect(more).toHaveLength(0);
    expect(message?.push).toMatchObject({ urgency: "high", decryptedHere: false });
    expect(message?.push?.ttl).toBeGreaterThan(0);
    expect(message?.push?.vapid).toMatchObject({
      aud: pushService,
      k: vapidPublicKey,
      sub: expect.stringMatching(/^mailto:/),
    });
    expect(message?.push?.vapid.exp).toBeGreaterThan(Date.now() / 1000);
    // The stand-in never saw the text: it did not make this browser's keys.
    expect(message?.text).toBeUndefined();

    const plaintext = decryptPushPayload(Buffer.from(message?.push?.body ?? "", "base64url"), adaBrowser.keys);
    const payload = JSON.parse(plaintext.toString("utf8")) as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(["body", "tag", "threatId", "title", "url"]);
    expect(payload.url).toBe(`${stack.url}/dashboard?threat=${threatId}`);
    for (const leak of [
      "faceSimilarity",
      "0.9137",
      "0.8421",
      PLANTED_MEDIA_SHA256,
      "Leaked clip",
      "reddit.com/r/pics",
    ]) {
      expect(plaintext.toString("utf8")).not.toContain(leak);
    }
    expect(await pushesTo(boBrowser.json.endpoint)).toEqual([]);
  });

  it("drops a subscription the push service answers 410 Gone for", async () => {
    const browser = await testSubscriber(vapidPublicKey);
    expect((await request("/api/push/subscriptions", bo.cookie, "POST", browser.json)).status).toBe(201);
    // The browser unsubscribes at its push service; the app is not told.
    expect((await fetch(browser.json.endpoint, { method: "DELETE" })).status).toBe(204);

    const threatId = `gone-${bo.userId}`;
    await plantThreat(bo.userId, threatId);
    await handOver(bo.userId, threatId);

    const left = (await (await request("/api/push/subscriptions", bo.cookie)).json()) as {
      subscriptions: { endpoint: string }[];
    };
    expect(left.subscriptions.map((s) => s.endpoint)).not.toContain(browser.json.endpoint);
    expect(await pushesTo(browser.json.endpoint)).toEqual([]);
  });

  it("shows decrypted text in the outbox for a subscriber whose keys the stand-in issued", async () => {
    const issued = await fetch(`${pushService}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ applicationServerKey: vapidPublicKey, issueKeys: true }),
    });
    const subscription = (await issued.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    const carol = await signUp(stack.url, "push-carol");
    await request("/api/profile", carol.cookie, "PUT", { notificationSettings: { email: false, push: true } });
    expect((await request("/api/push/subscriptions", carol.cookie, "POST", subscription)).status).toBe(201);
    const threatId = `outbox-${carol.userId}`;
    await plantThreat(carol.userId, threatId);
    await handOver(carol.userId, threatId);

    const [message] = await pushesTo(subscription.endpoint);
    expect(message?.push?.decryptedHere).toBe(true);
    expect(JSON.parse(message?.text ?? "{}")).toMatchObject({ url: `${stack.url}/dashboard?threat=${threatId}` });
    const page = await (await fetch(api("/outbox"))).text();
    expect(page).toContain("Push");
    expect(page).toContain(`${message?.push?.ciphertextBytes} bytes, aes128gcm`);
  });

  it("exports a person's subscriptions with their data and deletes them with the account", async () => {
    const person = await signUp(stack.url, "push-erase");
    const browser = await testSubscriber(vapidPublicKey);
    expect((await request("/api/push/subscriptions", person.cookie, "POST", browser.json)).status).toBe(201);
    const exported = (await (await request("/api/account/export", person.cookie)).json()) as {
      data: Record<string, { endpoint?: string }[]>;
    };
    expect(exported.data.PushSubscription?.map((s) => s.endpoint)).toEqual([browser.json.endpoint]);

    expect((await request("/api/account", person.cookie, "DELETE", freshProof())).status).toBe(200);
    const left = await doc.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :push)",
        ExpressionAttributeValues: { ":pk": `USER#${person.userId}`, ":push": "PUSHSUB#" },
      }),
    );
    expect(left.Items ?? []).toEqual([]);
  });
});
