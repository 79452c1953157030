import { createECDH } from "node:crypto";
import { z } from "zod";
import type { PushEndpointPolicy } from "./endpoint-policy.js";

const P256_UNCOMPRESSED_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const decodedLength = (value: string) => Buffer.from(value.replace(/=+$/, ""), "base64url").length;

/** A P-256 point the server can actually do ECDH with: a wrong-curve key would only fail at send time. */
function isP256Point(value: string): boolean {
  try {
    const probe = createECDH("prime256v1");
    probe.generateKeys();
    probe.computeSecret(Buffer.from(value.replace(/=+$/, ""), "base64url"));
    return true;
  } catch {
    return false;
  }
}

/**
 * What POST /api/push/subscriptions accepts: `PushSubscription.toJSON()` from the browser. The keys
 * are checked for the sizes RFC 8291 fixes (65-byte uncompressed P-256 point, 16-byte auth secret),
 * and the endpoint against the push services this deployment sends to.
 */
export function pushSubscriptionInput(policy: PushEndpointPolicy) {
  return z.object({
    endpoint: z
      .string({ error: "endpoint is required" })
      .max(2048, "endpoint is longer than any push service issues")
      .superRefine((endpoint, ctx) => {
        const refusal = policy.refusal(endpoint);
        if (refusal) ctx.addIssue({ code: "custom", message: refusal });
      }),
    // Browsers send null or a number; nothing here depends on it, so it is accepted and dropped.
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z
          .string({ error: "keys.p256dh is required" })
          .max(128, "keys.p256dh must be a 65-byte P-256 key")
          .regex(BASE64URL, "keys.p256dh must be base64url")
          .refine((v) => decodedLength(v) === P256_UNCOMPRESSED_BYTES, "keys.p256dh must be a 65-byte P-256 key")
          .refine(isP256Point, "keys.p256dh is not a point on P-256"),
        auth: z
          .string({ error: "keys.auth is required" })
          .max(64, "keys.auth must be a 16-byte secret")
          .regex(BASE64URL, "keys.auth must be base64url")
          .refine((v) => decodedLength(v) === AUTH_SECRET_BYTES, "keys.auth must be a 16-byte secret"),
      },
      { error: "keys (p256dh and auth) are required" },
    ),
  });
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionInput>>;
