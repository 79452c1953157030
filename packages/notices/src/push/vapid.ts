import { createECDH, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";

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
    // getPrivateKey drops leading zero bytes; a JWK "d" for P-256 must be exactly 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
}

/**
 * The key pair from the stored secret: the private scalar as 64 hex characters (what Secrets Manager
 * can generate by itself, so the key never exists outside the secret); the public key is derived.
 */
export function vapidKeysFromSecret(secret: string): VapidKeys {
  const hex = secret.trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error("VAPID secret must be a P-256 private key as 64 hex characters");
  const ecdh = createECDH("prime256v1");
  // Throws for 0 or a value at or above the curve order (odds about 2^-32 for a random string).
  ecdh.setPrivateKey(Buffer.from(hex, "hex"));
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.from(hex, "hex").toString("base64url"),
  };
}

/** A fresh private key in the secret's format (the local stack's key file). */
export function generateVapidSecret(): string {
  return Buffer.from(generateVapidKeys().privateKey, "base64url").toString("hex");
}

// Push services reject tokens valid for more than 24 hours (RFC 8292 section 2).
const MAX_TOKEN_LIFETIME_S = 24 * 60 * 60;
export const VAPID_TOKEN_LIFETIME_S = 12 * 60 * 60;

/** An uncompressed P-256 point (0x04 | x | y) as JWK coordinates. */
const p256Jwk = (point: Buffer) => ({
  kty: "EC",
  crv: "P-256",
  x: point.subarray(1, 33).toString("base64url"),
  y: point.subarray(33, 65).toString("base64url"),
});

function signingKey(keys: VapidKeys) {
  return createPrivateKey({
    key: { ...p256Jwk(Buffer.from(keys.publicKey, "base64url")), d: keys.privateKey },
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

export interface VapidClaims {
  aud: string;
  exp: number;
  sub?: string;
}

/**
 * The push service's side of RFC 8292: parses `vapid t=<JWT>, k=<key>`, checks the ES256 signature
 * against k, that the audience is this push service's origin and that the token is unexpired and
 * not valid for more than 24 hours. Used by the local push-service stand-in and tests.
 */
export function verifyVapidAuthorization(
  header: string | undefined,
  pushServiceOrigin: string,
  now: Date,
): { ok: true; claims: VapidClaims; publicKey: string } | { ok: false; reason: string } {
  const match = /^vapid\s+t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    header?.trim() ?? "",
  );
  if (!match) return { ok: false, reason: "Authorization is not 'vapid t=<jwt>, k=<key>'" };
  const [, encodedHeader = "", encodedClaims = "", signature = "", k = ""] = match;
  let jwtHeader: { alg?: string };
  let claims: Partial<VapidClaims>;
  try {
    jwtHeader = JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(encodedClaims, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "JWT header or claims are not JSON" };
  }
  if (jwtHeader.alg !== "ES256") return { ok: false, reason: `JWT alg is ${jwtHeader.alg}, not ES256` };
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) return { ok: false, reason: "k is not an uncompressed P-256 key" };
  let valid = false;
  try {
    const key = createPublicKey({ key: p256Jwk(point), format: "jwk" });
    const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
    valid = verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "JWT signature does not verify with k" };
  if (claims.aud !== pushServiceOrigin)
    return { ok: false, reason: `JWT aud ${claims.aud} is not ${pushServiceOrigin}` };
  const nowS = Math.floor(now.getTime() / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= nowS) return { ok: false, reason: "JWT has expired" };
  if (claims.exp > nowS + MAX_TOKEN_LIFETIME_S) return { ok: false, reason: "JWT exp is more than 24 hours ahead" };
  return { ok: true, claims: claims as VapidClaims, publicKey: k };
}
