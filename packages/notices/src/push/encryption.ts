import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";

/**
 * RFC 8291 message encryption for Web Push, with the aes128gcm content coding of RFC 8188.
 * One record only: push services accept at most 4096 bytes, which fits in one record.
 */
const RECORD_SIZE = 4096;
const TAG_LENGTH = 16;
const P256_PUBLIC_KEY_LENGTH = 65;
/** Payload room in one 4096-byte record: minus the padding delimiter and the GCM tag. */
export const MAX_PUSH_PLAINTEXT_BYTES = RECORD_SIZE - 1 - TAG_LENGTH;

const utf8 = (text: string) => Buffer.from(text, "utf8");

function deriveKeys(ecdhSecret: Buffer, authSecret: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const keyInfo = Buffer.concat([utf8("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, utf8("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, utf8("Content-Encoding: nonce\0"), 12));
  return { cek, nonce };
}

export interface EncryptOptions {
  /** The subscription's p256dh key (uncompressed P-256 point). */
  userAgentPublicKey: Buffer;
  /** The subscription's 16-byte auth secret. */
  authSecret: Buffer;
  /** Fixed only to reproduce the RFC's test vector; otherwise a fresh key per message. */
  senderPrivateKey?: Buffer;
  salt?: Buffer;
}

export function encryptPushPayload(plaintext: Uint8Array, options: EncryptOptions): Buffer {
  if (plaintext.length > MAX_PUSH_PLAINTEXT_BYTES) {
    throw new Error(`push payload is ${plaintext.length} bytes; at most ${MAX_PUSH_PLAINTEXT_BYTES} fit`);
  }
  const sender = createECDH("prime256v1");
  if (options.senderPrivateKey) sender.setPrivateKey(options.senderPrivateKey);
  else sender.generateKeys();
  const asPublic = sender.getPublicKey();
  const salt = options.salt ?? randomBytes(16);
  const ecdhSecret = sender.computeSecret(options.userAgentPublicKey);
  const { cek, nonce } = deriveKeys(ecdhSecret, options.authSecret, options.userAgentPublicKey, asPublic, salt);

  const cipher = createCipheriv("aes-128-gcm", cek, nonce);
  // 0x02 marks the last (and only) record; no further padding.
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, ciphertext, cipher.getAuthTag()]);
}

/** The user agent's side: what a browser does with the body. Used by the local push outbox and tests. */
export function decryptPushPayload(
  body: Buffer,
  userAgent: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  if (idLength !== P256_PUBLIC_KEY_LENGTH) throw new Error("aes128gcm key id is not a P-256 public key");
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiver = createECDH("prime256v1");
  receiver.setPrivateKey(userAgent.privateKey);
  const ecdhSecret = receiver.computeSecret(asPublic);
  const { cek, nonce } = deriveKeys(ecdhSecret, userAgent.authSecret, userAgent.publicKey, asPublic, salt);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
  const delimiter = padded.lastIndexOf(2);
  if (delimiter < 0 || padded.subarray(delimiter + 1).some((byte) => byte !== 0)) {
    throw new Error("aes128gcm record has no last-record delimiter");
  }
  return padded.subarray(0, delimiter);
}
