import { CURRENT_FACE_EMBEDDING_MODEL } from "../../../packages/domain/src/biometrics/embedding-models.js";
import type { VerifiedFaceRegister } from "../../../packages/domain/src/biometrics/ports.js";
import type { GalleryEntry, GalleryIndex, GalleryModality } from "../../../packages/domain/src/gallery/gallery.js";

/** The gallery's rows in memory, for tests of the code paths that keep it in step with the samples. */
export class MemoryGalleryIndex implements GalleryIndex {
  readonly rows = new Map<string, GalleryEntry>();
  private key = (userId: string, modality: GalleryModality, sampleId: string) => `${userId}/${modality}/${sampleId}`;

  async put(entry: GalleryEntry) {
    this.rows.set(this.key(entry.userId, entry.modality, entry.sampleId), entry);
  }
  async setVerified(
    userId: string,
    modality: GalleryModality,
    sampleId: string,
    verified: boolean,
    searched?: boolean,
  ) {
    const row = this.rows.get(this.key(userId, modality, sampleId));
    if (row) {
      row.verified = verified;
      row.searched = searched ?? (row.searched || verified);
    }
  }
  async setDeleteAfter(userId: string, modality: GalleryModality, sampleId: string, deleteAfter?: string) {
    const row = this.rows.get(this.key(userId, modality, sampleId));
    if (!row) return;
    if (deleteAfter) row.deleteAfter = deleteAfter;
    else delete row.deleteAfter;
  }
  async removeSample(userId: string, modality: GalleryModality, sampleId: string) {
    this.rows.delete(this.key(userId, modality, sampleId));
  }
  async removeUser(userId: string) {
    const mine = [...this.rows.entries()].filter(([, row]) => row.userId === userId);
    for (const [key] of mine) this.rows.delete(key);
    return mine.length;
  }
  of(userId: string) {
    return [...this.rows.values()].filter((row) => row.userId === userId);
  }
}

/**
 * The register of verified faces over these rows, as the gallery answers it: a verified, searched,
 * unexpired face row of another account that `same` calls the same person (the analyser's sameFace).
 */
export function memoryFaceRegister(
  index: MemoryGalleryIndex,
  same: (a: Float32Array, b: Float32Array) => boolean,
  now: () => Date,
): VerifiedFaceRegister {
  const holders = (userId: string, face: Float32Array) =>
    [...index.rows.values()]
      .filter(
        (row) =>
          row.modality === "face" &&
          row.userId !== userId &&
          row.verified &&
          row.searched &&
          row.model === CURRENT_FACE_EMBEDDING_MODEL &&
          !(row.deleteAfter && row.deleteAfter <= now().toISOString()) &&
          same(row.embedding, face),
      )
      .sort((a, b) => (a.enrolledAt < b.enrolledAt ? -1 : a.enrolledAt > b.enrolledAt ? 1 : 0));
  return {
    verifiedElsewhere: async (userId, face) => holders(userId, face).length > 0,
    holderOf: async (userId, face) => holders(userId, face)[0]?.userId ?? null,
  };
}
