import { newWebhookSecret, signedHeaders, verify } from "@lg/domain/integrations/webhook-signing";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

const body = JSON.stringify({ type: "takedown.sent", timestamp: "2026-11-29T10:00:00.000Z", data: { id: "n1" } });

describe("webhook signatures (Standard Webhooks)", () => {
  it("verify with the specification's own library, for each secret of a rotation's overlap", () => {
    const [old, current] = [newWebhookSecret(), newWebhookSecret()];
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, old], "msg_2a1b", now, body);
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(old).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    verify(current, { ...headers }, body, now);
  });

  it("fail for an altered body, and for a replay with an old timestamp", () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([secret], "msg_1", now, body);
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    const replayed = signedHeaders([secret], "msg_1", now - 600, body);
    expect(() => new Webhook(secret).verify(body, { ...replayed })).toThrow(/timestamp/i);
    expect(() => verify(secret, { ...replayed }, body, now)).toThrow(/too old/);
  });
});
