import { createHmac, timingSafeEqual } from "node:crypto";

/** Stripe's default: an event signed more than five minutes ago is refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `Stripe-Signature` header for a payload, as Stripe computes it: HMAC-SHA256 of `${t}.${payload}`. */
export function stripeSignatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Verifies a webhook exactly as Stripe's libraries do: the header's `t` and every `v1` (a secret
 * being rolled gives two), HMAC-SHA256 of `${t}.${rawBody}` with the endpoint secret, compared in
 * constant time, and `t` within the tolerance of now. The body must be the raw bytes received.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: "No Stripe-Signature header" };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value) candidates.push(value);
  }
  if (timestamp === undefined) return { ok: false, reason: "The signature header has no timestamp" };
  if (candidates.length === 0) return { ok: false, reason: "The signature header has no v1 signature" };
  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex"),
    "utf8",
  );
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate, "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: "No signature matches the payload" };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return { ok: false, reason: "The signature's timestamp is outside the tolerance" };
  }
  return { ok: true };
}
