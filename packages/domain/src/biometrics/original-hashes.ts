import { sha256Hex } from "../scanning/evidence.js";

/**
 * What an enrolled file keeps so a copyright claim can later be shown to rest on a copy of it
 * (notices' original-match.ts): the SHA-256 of its bytes, hashed as scans hash found media, and for a
 * photo its perceptual hash. Never the embedding: these identify the file, not the face or voice.
 */
export interface OriginalHashes {
  mediaSha256?: string;
  perceptualHash?: string;
}

export function originalHashes(bytes: Uint8Array, perceptualHash?: string): OriginalHashes {
  return { mediaSha256: sha256Hex(bytes), ...(perceptualHash ? { perceptualHash } : {}) };
}
