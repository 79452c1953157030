import { createECDH, randomBytes } from "node:crypto";
import { PushEndpointPolicy, pushSubscriptionInput } from "@lg/notices";
import { describe, expect, it } from "vitest";

function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const vendors = pushSubscriptionInput(new PushEndpointPolicy());
const firstError = (schema: typeof vendors, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("push subscription input", () => {
  it("accepts what Chrome, Firefox, Safari and Edge send", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dXJ0aGVyZQ:APA91bH",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGuQyavXutnMaMj",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
    ]) {
      expect(vendors.safeParse({ endpoint, expirationTime: null, keys: browserKeys() }).success).toBe(true);
    }
  });

  it("refuses endpoints that are not a push service: http, other hosts, look-alikes, internal addresses", () => {
    const keys = browserKeys();
    expect(firstError(vendors, { endpoint: "http://fcm.googleapis.com/fcm/send/x", keys })).toMatch(/https/);
    expect(firstError(vendors, { endpoint: "https://169.254.169.254/latest/meta-data", keys })).toMatch(
      /not a push service/,
    );
    expect(firstError(vendors, { endpoint: "https://fcm.googleapis.com.evil.example/x", keys })).toMatch(
      /not a push service/,
    );
    expect(firstError(vendors, { endpoint: "https://notify.windows.com.evil.example/x", keys })).toMatch(
      /not a push service/,
    );
    expect(firstError(vendors, { endpoint: "https://user:pw@fcm.googleapis.com/x", keys })).toMatch(/credentials/);
    expect(firstError(vendors, { endpoint: "not a url", keys })).toMatch(/URL/);
  });

  it("refuses keys of the wrong size, encoding or curve, and missing keys", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc";
    const good = browserKeys();
    expect(firstError(vendors, { endpoint })).toMatch(/keys/);
    expect(firstError(vendors, { endpoint, keys: { ...good, auth: randomBytes(8).toString("base64url") } })).toMatch(
      /16-byte/,
    );
    expect(firstError(vendors, { endpoint, keys: { ...good, p256dh: good.p256dh.slice(0, 40) } })).toMatch(/65-byte/);
    expect(firstError(vendors, { endpoint, keys: { ...good, p256dh: "not/base64url+" } })).toMatch(/base64url/);
    const offCurve = Buffer.from(good.p256dh, "base64url");
    offCurve[40] = (offCurve[40] ?? 0) ^ 1;
    expect(firstError(vendors, { endpoint, keys: { ...good, p256dh: offCurve.toString("base64url") } })).toMatch(
      /not a point/,
    );
  });

  it("accepts only the configured push service when a deployment names its own", () => {
    const local = pushSubscriptionInput(PushEndpointPolicy.fromList("http://127.0.0.1:4567"));
    const keys = browserKeys();
    expect(local.safeParse({ endpoint: "http://127.0.0.1:4567/push/abc", keys }).success).toBe(true);
    expect(firstError(local, { endpoint: "http://127.0.0.1:4568/push/abc", keys })).toMatch(/https/);
    expect(firstError(local, { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys })).toMatch(
      /not a push service/,
    );
    expect(PushEndpointPolicy.fromList("http://127.0.0.1:4567").explicitHosts()).toEqual(["127.0.0.1:4567"]);
  });
});
