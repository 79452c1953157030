import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stripeSignatureHeader, verifyStripeSignature } from "../../../packages/domain/src/billing/stripe-signature.js";

const SECRET = "whsec_test_secret";
const PAYLOAD = '{"id":"evt_1","type":"customer.subscription.updated"}';
const T = 1_790_000_000;

describe("Stripe webhook signatures", () => {
  it("signs as Stripe documents it: v1 is the hex HMAC-SHA256 of t.payload with the endpoint secret", () => {
    const expected = createHmac("sha256", SECRET).update(`${T}.${PAYLOAD}`).digest("hex");
    expect(stripeSignatureHeader(PAYLOAD, SECRET, T)).toBe(`t=${T},v1=${expected}`);
  });

  it("accepts a valid signature within five minutes, either side", () => {
    const header = stripeSignatureHeader(PAYLOAD, SECRET, T);
    expect(verifyStripeSignature(PAYLOAD, header, SECRET, T)).toEqual({ ok: true });
    expect(verifyStripeSignature(PAYLOAD, header, SECRET, T + 300)).toEqual({ ok: true });
    expect(verifyStripeSignature(PAYLOAD, header, SECRET, T - 300)).toEqual({ ok: true });
  });

  it("refuses an old (replayed) timestamp, a changed body, another secret, and a missing or malformed header", () => {
    const header = stripeSignatureHeader(PAYLOAD, SECRET, T);
    expect(verifyStripeSignature(PAYLOAD, header, SECRET, T + 301)).toMatchObject({ ok: false });
    expect(verifyStripeSignature(PAYLOAD.replace("updated", "deleted"), header, SECRET, T)).toMatchObject({
      ok: false,
      reason: "No signature matches the payload",
    });
    expect(verifyStripeSignature(PAYLOAD, header, "whsec_other", T)).toMatchObject({ ok: false });
    expect(verifyStripeSignature(PAYLOAD, undefined, SECRET, T)).toMatchObject({ ok: false });
    expect(verifyStripeSignature(PAYLOAD, `v1=${header.split("v1=")[1]}`, SECRET, T)).toMatchObject({ ok: false });
    expect(verifyStripeSignature(PAYLOAD, `t=${T}`, SECRET, T)).toMatchObject({ ok: false });
    // A signature with a forged timestamp does not verify: t is inside what was signed.
    expect(verifyStripeSignature(PAYLOAD, header.replace(`t=${T}`, `t=${T + 600}`), SECRET, T + 600)).toMatchObject({
      ok: false,
    });
  });

  it("accepts any of several v1 signatures (a secret being rolled) and ignores other schemes", () => {
    const good = stripeSignatureHeader(PAYLOAD, SECRET, T).split("v1=")[1];
    const header = `t=${T},v0=deadbeef,v1=${"0".repeat(64)},v1=${good}`;
    expect(verifyStripeSignature(PAYLOAD, header, SECRET, T)).toEqual({ ok: true });
    expect(verifyStripeSignature(PAYLOAD, `t=${T},v0=${good}`, SECRET, T)).toMatchObject({ ok: false });
  });
});
