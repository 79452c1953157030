import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signing (standardwebhooks.com): the secret is `whsec_` and the base64 of its
 * key bytes; the signature is `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`.
 * During a rotation the header carries one signature per live secret, space-separated, so a receiver
 * holding either secret verifies it (the specification's rotation with overlap).
 */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** How far a timestamp may be from the receiver's clock: older messages are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

const keyOf = (secret: string) => Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", keyOf(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): SignedHeaders {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((s) => sign(s, messageId, timestampSeconds, body)).join(" "),
  };
}

/**
 * A receiver's check, as the specification's libraries do it: a timestamp within the tolerance and
 * one of the header's v1 signatures made with this secret. Throws with the reason otherwise.
 */
export function verify(
  secret: string,
  headers: Record<string, string | undefined>,
  body: string,
  nowSeconds: number,
): void {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const signatures = headers["webhook-signature"];
  if (!id || !Number.isInteger(timestamp) || !signatures) throw new Error("Missing webhook headers");
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw new Error("Message timestamp too old or too new");
  const expected = Buffer.from(sign(secret, id, timestamp, body));
  const matches = signatures
    .split(" ")
    .map((s) => Buffer.from(s))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  if (!matches) throw new Error("No matching signature");
}
