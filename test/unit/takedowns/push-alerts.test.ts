import { createECDH, randomBytes } from "node:crypto";
import { PushFanOut } from "@lg/domain/push/push-fan-out";
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSubscriptionRecord,
  type PushSubscriptionRepository,
  PushSubscriptionService,
} from "@lg/domain/push/push-subscriptions";
import { AlertService } from "@lg/domain/takedowns/alert-service";
import { DigestService } from "@lg/domain/takedowns/digest-service";
import {
  decryptPushPayload,
  defaultRecipientDirectory,
  generateVapidKeys,
  type PushServicePost,
  WebPushSender,
} from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import {
  InMemoryAlerts,
  InMemoryPeople,
  profile,
  RecordingMail,
  RecordingSms,
  sequentialId,
  threat,
  USER,
} from "./fakes.js";

const NOW = new Date("2026-11-21T08:00:00.000Z");
const APP = "https://app.example.com";

class InMemorySubscriptions implements PushSubscriptionRepository {
  readonly items = new Map<string, PushSubscriptionRecord>();
  lists = 0;
  private key = (userId: string, id: string) => `${userId}/${id}`;
  async put(s: PushSubscriptionRecord) {
    this.items.set(this.key(s.userId, s.subscriptionId), structuredClone(s));
  }
  async get(userId: string, id: string) {
    return this.items.get(this.key(userId, id)) ?? null;
  }
  async list(userId: string) {
    this.lists++;
    return [...this.items.values()].filter((s) => s.userId === userId);
  }
  async delete(userId: string, id: string) {
    this.items.delete(this.key(userId, id));
  }
  async markDelivered(userId: string, id: string, at: string) {
    const stored = this.items.get(this.key(userId, id));
    if (stored) stored.lastDeliveredAt = at;
  }
}

/** A browser: the push service issued the endpoint, the browser made the keys. */
function browser(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    },
    keys: { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), authSecret },
  };
}

/** The push service: answers per endpoint as configured and keeps every body it accepted. */
class FakePushService implements PushServicePost {
  readonly received: { endpoint: string; body: Buffer; headers: Record<string, string> }[] = [];
  readonly answers = new Map<string, number>();
  async post(endpoint: string, { headers, body }: { headers: Record<string, string>; body: Uint8Array }) {
    const status = this.answers.get(endpoint) ?? 201;
    if (status === 201) this.received.push({ endpoint, body: Buffer.from(body), headers });
    return { status, text: "" };
  }
}

let subscriptions: InMemorySubscriptions;
let pushService: FakePushService;
let fanOut: PushFanOut;
let alerts: InMemoryAlerts;
let service: AlertService;

beforeEach(() => {
  subscriptions = new InMemorySubscriptions();
  pushService = new FakePushService();
  alerts = new InMemoryAlerts();
  const sender = new WebPushSender({
    vapidKeys: generateVapidKeys(),
    subject: "mailto:alerts@example.com",
    http: pushService,
    now: () => NOW,
  });
  fanOut = new PushFanOut({ sender, subscriptions, now: () => NOW });
  service = new AlertService({
    alerts,
    email: new RecordingMail(),
    sms: new RecordingSms(),
    push: fanOut,
    directory: defaultRecipientDirectory(),
    appUrl: APP,
    now: () => NOW,
    newId: sequentialId,
  });
});

const pushOnly = profile({ notificationSettings: { email: false, sms: false, push: true, frequency: "immediate" } });
const subscriptionService = () => new PushSubscriptionService({ subscriptions, now: () => NOW });

describe("push alerts", () => {
  it("sends each of the person's browsers a message linking to the threat, with no biometric or content data", async () => {
    const phone = browser("https://fcm.googleapis.com/fcm/send/phone");
    const laptop = browser("https://updates.push.services.mozilla.com/wpush/v2/laptop");
    await subscriptionService().subscribe(USER, phone.json);
    await subscriptionService().subscribe(USER, laptop.json);
    const found = threat({
      title: "Ada Moreno leaked video",
      detection: { faceSimilarity: 0.912, embeddingDistance: 0.31, voiceSimilarity: 0.88 },
    });
    subscriptions.lists = 0;

    const stored = await service.alertNewThreat(pushOnly, found);

    expect(stored.map((a) => [a.channel, a.status])).toEqual([["push", "sent"]]);
    // Whether push can reach the person and where it goes come from one read of their browsers.
    expect(subscriptions.lists).toBe(1);
    expect(pushService.received.map((r) => r.endpoint).sort()).toEqual([phone.json.endpoint, laptop.json.endpoint]);
    for (const { endpoint, body } of pushService.received) {
      const keys = endpoint === phone.json.endpoint ? phone.keys : laptop.keys;
      const payload = JSON.parse(decryptPushPayload(body, keys).toString("utf8")) as Record<string, unknown>;
      expect(Object.keys(payload).sort()).toEqual(["body", "tag", "threatId", "title", "url"]);
      expect(payload.url).toBe(`${APP}/dashboard?threat=${found.id}`);
      const text = JSON.stringify(payload);
      for (const leak of [
        found.url,
        found.mediaSha256,
        "Ada Moreno leaked video",
        "0.912",
        "0.31",
        "0.88",
        "embedding",
      ]) {
        expect(text).not.toContain(leak);
      }
    }
  });

  it("deletes a subscription the push service answers 410 Gone for and still reaches the others", async () => {
    const gone = browser("https://fcm.googleapis.com/fcm/send/uninstalled");
    const live = browser("https://fcm.googleapis.com/fcm/send/live");
    const goneView = await subscriptionService().subscribe(USER, gone.json);
    await subscriptionService().subscribe(USER, live.json);
    pushService.answers.set(gone.json.endpoint, 410);

    const stored = await service.alertNewThreat(pushOnly, threat());

    expect(stored[0]?.status).toBe("sent");
    expect(await subscriptions.get(USER, goneView.id)).toBeNull();
    expect((await subscriptions.list(USER)).map((s) => s.endpoint)).toEqual([live.json.endpoint]);
    expect((await subscriptions.list(USER))[0]?.lastDeliveredAt).toBe(NOW.toISOString());
  });

  it("does not bring back a subscription the person deleted while its push was on the way", async () => {
    const store = new InMemorySubscriptions();
    const record = {
      userId: USER,
      subscriptionId: "sub-1",
      endpoint: "https://fcm.googleapis.com/fcm/send/leaving",
      keys: { p256dh: "k", auth: "a" },
      createdAt: NOW.toISOString(),
    } as PushSubscriptionRecord;
    await store.put(record);
    const fanOut = new PushFanOut({
      subscriptions: store,
      now: () => NOW,
      sender: {
        // The push service accepts the message just as the person turns push off in another tab.
        send: async () => {
          await store.delete(USER, "sub-1");
          return { status: 201, subscriptionGone: false };
        },
      },
    });
    expect(await fanOut.send(USER, { title: "t", body: "b", url: `${APP}/dashboard`, tag: "x" })).toMatchObject({
      delivered: 1,
    });
    expect(await store.list(USER)).toEqual([]);
  });

  it("records a failed push when every browser is gone, and plans no push for someone without one", async () => {
    const gone = browser("https://fcm.googleapis.com/fcm/send/gone");
    await subscriptionService().subscribe(USER, gone.json);
    pushService.answers.set(gone.json.endpoint, 404);
    expect((await service.alertNewThreat(pushOnly, threat())).map((a) => a.status)).toEqual(["failed"]);
    expect(await subscriptions.list(USER)).toEqual([]);
    expect(await service.alertNewThreat(pushOnly, threat())).toEqual([]);
  });

  it("never sends one person's alert to another person's browser", async () => {
    const mine = browser("https://fcm.googleapis.com/fcm/send/mine");
    const theirs = browser("https://fcm.googleapis.com/fcm/send/theirs");
    await subscriptionService().subscribe(USER, mine.json);
    await subscriptionService().subscribe("someone-else", theirs.json);
    await service.alertNewThreat(pushOnly, threat());
    expect(pushService.received.map((r) => r.endpoint)).toEqual([mine.json.endpoint]);
  });

  it("lets a person delete only their own subscription", async () => {
    const mine = await subscriptionService().subscribe(USER, browser("https://fcm.googleapis.com/fcm/send/a").json);
    await expect(subscriptionService().unsubscribe("someone-else", mine.id)).rejects.toMatchObject({
      kind: "not-found",
    });
    expect(await subscriptionService().list(USER)).toHaveLength(1);
    await subscriptionService().unsubscribe(USER, mine.id);
    expect(await subscriptionService().list(USER)).toEqual([]);
  });

  it("caps how many browsers one person can subscribe, while re-subscribing a known browser still works", async () => {
    const service = subscriptionService();
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_USER; i++) {
      await service.subscribe(USER, browser(`https://fcm.googleapis.com/fcm/send/b${i}`).json);
    }
    await expect(
      service.subscribe(USER, browser("https://fcm.googleapis.com/fcm/send/one-more").json),
    ).rejects.toMatchObject({ kind: "conflict" });
    await service.subscribe(USER, browser("https://fcm.googleapis.com/fcm/send/b0").json);
    expect(await service.list(USER)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  });

  it("turns queued push alerts into one digest push to the dashboard", async () => {
    const phone = browser("https://fcm.googleapis.com/fcm/send/phone");
    await subscriptionService().subscribe(USER, phone.json);
    const weekly = profile({ notificationSettings: { email: false, push: true, frequency: "daily" } });
    const found = threat();
    await service.alertNewThreat(weekly, found);
    expect(pushService.received).toHaveLength(0);

    const digests = new DigestService({
      alerts,
      threats: { get: async () => found } as never,
      people: new InMemoryPeople(weekly),
      email: new RecordingMail(),
      push: fanOut,
      directory: defaultRecipientDirectory(),
      appUrl: APP,
      now: () => new Date(NOW.getTime() + 25 * 3600_000),
      runIntervalMs: 3600_000,
    });
    expect(await digests.sendDue()).toEqual({ digests: 1, alerts: 1 });
    const [digest] = pushService.received;
    const payload = JSON.parse(decryptPushPayload(digest?.body ?? Buffer.alloc(0), phone.keys).toString("utf8"));
    expect(payload).toMatchObject({
      title: "LikenessGuard digest",
      body: "1 new threat today",
      url: `${APP}/dashboard`,
    });
  });
});
