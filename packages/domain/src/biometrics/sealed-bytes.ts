import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM under a data key the caller holds in memory: the IV and tag travel with the
 * ciphertext (iv | tag | body, base64), so one stored string is all opening it needs besides the key.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealBytes(key: Uint8Array, plain: Uint8Array): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

export function openBytes(key: Uint8Array, sealed: string): Buffer {
  const blob = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, blob.subarray(0, IV_BYTES));
  decipher.setAuthTag(blob.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(blob.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
