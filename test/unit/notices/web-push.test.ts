import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import {
  decryptPushPayload,
  encryptPushPayload,
  generateVapidKeys,
  generateVapidSecret,
  type PushPayload,
  vapidAuthorization,
  vapidKeysFromSecret,
  verifyVapidAuthorization,
  WebPushSender,
} from "@lg/notices";
import { describe, expect, it } from "vitest";

const b64u = (text: string) => Buffer.from(text, "base64url");

// RFC 8291 Appendix A.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_" +
    "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

function browserSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    },
    userAgent: { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), authSecret },
  };
}

describe("RFC 8291 encryption", () => {
  it("reproduces the RFC's Appendix A message byte for byte", () => {
    const body = encryptPushPayload(Buffer.from(RFC.plaintext), {
      userAgentPublicKey: b64u(RFC.uaPublic),
      authSecret: b64u(RFC.authSecret),
      senderPrivateKey: b64u(RFC.asPrivate),
      salt: b64u(RFC.salt),
    });
    expect(body.toString("base64url")).toBe(RFC.body);
  });

  it("decrypts the RFC's message as a browser would", () => {
    const plaintext = decryptPushPayload(b64u(RFC.body), {
      privateKey: b64u(RFC.uaPrivate),
      publicKey: b64u(RFC.uaPublic),
      authSecret: b64u(RFC.authSecret),
    });
    expect(plaintext.toString()).toBe(RFC.plaintext);
  });

  it("round-trips a fresh message with a fresh key and salt, and rejects tampering", () => {
    const { userAgent } = browserSubscription();
    const message = Buffer.from(JSON.stringify({ title: "Threat detected", body: "ünïcødé" }));
    const body = encryptPushPayload(message, {
      userAgentPublicKey: userAgent.publicKey,
      authSecret: userAgent.authSecret,
    });
    expect(decryptPushPayload(body, userAgent)).toEqual(message);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
    expect(() => decryptPushPayload(tampered, userAgent)).toThrow();
  });

  it("refuses a payload too big for one record", () => {
    const { userAgent } = browserSubscription();
    expect(() =>
      encryptPushPayload(Buffer.alloc(5000), {
        userAgentPublicKey: userAgent.publicKey,
        authSecret: userAgent.authSecret,
      }),
    ).toThrow(/at most/);
  });
});

describe("VAPID (RFC 8292)", () => {
  it("signs an ES256 JWT for the endpoint's origin that verifies with the public key", () => {
    const keys = generateVapidKeys();
    expect(b64u(keys.publicKey)).toHaveLength(65);
    const now = new Date("2026-11-22T00:00:00Z");
    const header = vapidAuthorization("https://push.example.net/wpush/v2/abc", "mailto:ops@example.com", keys, now);
    const match = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)$/.exec(header);
    if (!match) throw new Error(`bad header ${header}`);
    const [, jwtHeader = "", claims = "", signature = "", k] = match;
    expect(k).toBe(keys.publicKey);
    expect(JSON.parse(b64u(jwtHeader).toString())).toEqual({ typ: "JWT", alg: "ES256" });
    expect(JSON.parse(b64u(claims).toString())).toEqual({
      aud: "https://push.example.net",
      exp: now.getTime() / 1000 + 12 * 3600,
      sub: "mailto:ops@example.com",
    });
    const pub = b64u(keys.publicKey);
    const publicKey = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: pub.subarray(1, 33).toString("base64url"),
        y: pub.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    const signed = Buffer.from(`${jwtHeader}.${claims}`);
    expect(verify("sha256", signed, { key: publicKey, dsaEncoding: "ieee-p1363" }, b64u(signature))).toBe(true);
  });
});

describe("VAPID checks on the push service's side", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  const endpoint = "https://push.example.net/wpush/v2/abc";
  const keys = generateVapidKeys();

  it("accepts a fresh token for its own origin and reports the claims and signing key", () => {
    const verdict = verifyVapidAuthorization(
      vapidAuthorization(endpoint, "mailto:a@b.c", keys, now),
      "https://push.example.net",
      now,
    );
    expect(verdict).toMatchObject({ ok: true, publicKey: keys.publicKey, claims: { aud: "https://push.example.net" } });
  });

  it("refuses another audience, an expired token, a forged signature and a missing header", () => {
    const header = vapidAuthorization(endpoint, "mailto:a@b.c", keys, now);
    expect(verifyVapidAuthorization(header, "https://other.example.net", now)).toMatchObject({ ok: false });
    const later = new Date(now.getTime() + 13 * 3600_000);
    expect(verifyVapidAuthorization(header, "https://push.example.net", later)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expired/),
    });
    const forged = header.replace(/k=.+$/, `k=${generateVapidKeys().publicKey}`);
    expect(verifyVapidAuthorization(forged, "https://push.example.net", now)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/signature/),
    });
    expect(verifyVapidAuthorization(undefined, "https://push.example.net", now)).toMatchObject({ ok: false });
  });

  it("derives the same key pair from the stored secret every time, and rejects a malformed secret", () => {
    const secret = generateVapidSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const pair = vapidKeysFromSecret(secret);
    expect(vapidKeysFromSecret(secret)).toEqual(pair);
    const header = vapidAuthorization(endpoint, "mailto:a@b.c", pair, now);
    expect(verifyVapidAuthorization(header, "https://push.example.net", now)).toMatchObject({ ok: true });
    expect(() => vapidKeysFromSecret("not-hex")).toThrow(/64 hex/);
  });
});

describe("WebPushSender", () => {
  const payload: PushPayload = {
    title: "Threat detected",
    body: "Deepfake detected on YouTube (strong match)",
    tag: "threat-01J",
    url: "https://app/dashboard?threat=01J",
    threatId: "01J",
  };

  it("posts an encrypted body the subscribed browser can decrypt, with VAPID and aes128gcm headers", async () => {
    const { subscription, userAgent } = browserSubscription();
    const requests: { url: string; headers: Record<string, string>; body: Uint8Array }[] = [];
    const sender = new WebPushSender({
      vapidKeys: generateVapidKeys(),
      subject: "mailto:ops@example.com",
      http: {
        post: async (url, request) => {
          requests.push({ url, ...request });
          return { status: 201, text: "" };
        },
      },
    });
    expect(await sender.send(subscription, payload)).toEqual({ status: 201, subscriptionGone: false });
    const [request] = requests;
    expect(request?.url).toBe(subscription.endpoint);
    const headers = request?.headers ?? {};
    expect(headers["Content-Encoding"]).toBe("aes128gcm");
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    expect(Number(headers.TTL)).toBeGreaterThan(0);
    const decrypted = decryptPushPayload(Buffer.from(request?.body ?? new Uint8Array()), userAgent);
    expect(JSON.parse(decrypted.toString())).toEqual(payload);
  });

  it("reports a gone subscription (404/410) and throws on other failures", async () => {
    const { subscription } = browserSubscription();
    const answering = (status: number) =>
      new WebPushSender({
        vapidKeys: generateVapidKeys(),
        subject: "mailto:ops@example.com",
        http: { post: async () => ({ status, text: "nope" }) },
      });
    expect(await answering(410).send(subscription, payload)).toEqual({ status: 410, subscriptionGone: true });
    await expect(answering(500).send(subscription, payload)).rejects.toThrow(/500: nope/);
  });

  it("never posts to an endpoint that is not an allowed push service", async () => {
    const { subscription } = browserSubscription();
    let posted = false;
    const sender = new WebPushSender({
      vapidKeys: generateVapidKeys(),
      subject: "mailto:ops@example.com",
      http: {
        post: async () => {
          posted = true;
          return { status: 201, text: "" };
        },
      },
    });
    const internal = { ...subscription, endpoint: "https://169.254.169.254/latest/meta-data/" };
    await expect(sender.send(internal, payload)).rejects.toThrow(/refused/);
    await expect(sender.send({ ...subscription, endpoint: "http://fcm.googleapis.com/x" }, payload)).rejects.toThrow(
      /https/,
    );
    expect(posted).toBe(false);
  });
});
