import type { DataKeyService } from "./ports.js";
import { openBytes, sealBytes } from "./sealed-bytes.js";

/**
 * Envelope encryption of embeddings: each embedding gets its own AES-256-GCM data key from KMS;
 * only the wrapped key is stored, so reading an embedding always needs a KMS Decrypt the key
 * policy can refuse, and deleting the item leaves nothing decryptable behind.
 */
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
    return {
      encryptedEmbedding: sealBytes(
        plaintext,
        new Uint8Array(embedding.buffer, embedding.byteOffset, embedding.byteLength),
      ),
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
    const plain = openBytes(key, sealed.encryptedEmbedding);
    // Copy into a fresh, aligned buffer: Buffer pools may start at offsets Float32Array rejects.
    return new Float32Array(new Uint8Array(plain).buffer);
  } finally {
    key.fill(0);
  }
}
