import { createECDH, createPrivateKey, sign } from "node:crypto";

/** VAPID keys as base64url: the public key goes to the browser's `applicationServerKey`. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().toString("base64url"),
  };
}

// Push services reject tokens valid for more than 24 hours (RFC 8292 section 2).
const MAX_TOKEN_LIFETIME_S = 24 * 60 * 60;
export const VAPID_TOKEN_LIFETIME_S = 12 * 60 * 60;

function signingKey(keys: VapidKeys) {
  const publicKey = Buffer.from(keys.publicKey, "base64url");
  return createPrivateKey({
    key: {
      kty: "EC",
      crv: "P-256",
      d: keys.privateKey,
      x: publicKey.subarray(1, 33).toString("base64url"),
      y: publicKey.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
}

/**
 * The RFC 8292 `Authorization: vapid t=<JWT>, k=<public key>` header for one push endpoint:
 * an ES256 JWT whose audience is the endpoint's origin and whose subject is a contact for the
 * push service operator (a mailto: or https: URL).
 */
export function vapidAuthorization(
  endpoint: string,
  subject: string,
  keys: VapidKeys,
  now: Date,
  lifetimeSeconds = VAPID_TOKEN_LIFETIME_S,
): string {
  const lifetime = Math.min(lifetimeSeconds, MAX_TOKEN_LIFETIME_S);
  const header = Buffer.from(JSON.stringify({ typ: "JWT", alg: "ES256" })).toString("base64url");
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now.getTime() / 1000) + lifetime, sub: subject };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signingInput = `${header}.${payload}`;
  // JWS ES256 wants the raw r||s signature, not DER.
  const signature = sign("sha256", Buffer.from(signingInput), { key: signingKey(keys), dsaEncoding: "ieee-p1363" });
  return `vapid t=${signingInput}.${signature.toString("base64url")}, k=${keys.publicKey}`;
}
