import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { DataKeyService } from "./ports.js";

/**
 * Envelope encryption of embeddings: each embedding gets its own AES-256-GCM data key from KMS;
 * only the wrapped key is stored, so reading an embedding always needs a KMS Decrypt the key
 * policy can refuse, and deleting the item leaves nothing decryptable behind.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedEmbedding {
  encryptedEmbedding: string;
  encryptedDataKey: string;
}

const contextFor = (userId: string, modality: string) => ({ userId, purpose: `biometric-${modality}-embedding` });

export async function sealEmbedding(
  keys: DataKeyService,
  userId: string,
  modality: "face" | "voice",
  embedding: Float32Array,
): Promise<SealedEmbedding> {
  const { plaintext, wrapped } = await keys.generateDataKey(contextFor(userId, modality));
  try {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", plaintext, iv);
    const body = Buffer.concat([
      cipher.update(Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength)),
      cipher.final(),
    ]);
    return {
      encryptedEmbedding: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64"),
      encryptedDataKey: Buffer.from(wrapped).toString("base64"),
    };
  } finally {
    plaintext.fill(0);
  }
}

export async function openEmbedding(
  keys: DataKeyService,
  userId: string,
  modality: "face" | "voice",
  sealed: SealedEmbedding,
): Promise<Float32Array> {
  const key = await keys.unwrapDataKey(Buffer.from(sealed.encryptedDataKey, "base64"), contextFor(userId, modality));
  try {
    const blob = Buffer.from(sealed.encryptedEmbedding, "base64");
    const decipher = createDecipheriv("aes-256-gcm", key, blob.subarray(0, IV_BYTES));
    decipher.setAuthTag(blob.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(blob.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    // Copy into a fresh, aligned buffer: Buffer pools may start at offsets Float32Array rejects.
    return new Float32Array(new Uint8Array(plain).buffer);
  } finally {
    key.fill(0);
  }
}
