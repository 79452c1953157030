import { CONSENT_VERSION } from "../biometrics/consent.js";
import { openEmbedding } from "../biometrics/embedding-cipher.js";
import { faceEmbeddingModelOf } from "../biometrics/embedding-models.js";
import { isServerVerified, searchedInScans } from "../biometrics/enrolment-verification.js";
import type { DataKeyService } from "../biometrics/ports.js";
import { isExpired } from "../biometrics/retention.js";
import type { BiometricSampleRecord } from "../records.js";
import type { GalleryEntry, GalleryIndex } from "./gallery.js";
import type { GalleryWriter } from "./gallery-writer.js";

export type { GalleryWriter } from "./gallery-writer.js";

/** The speaker network voice samples are embedded with (@lg/detection's SPEAKER_MODEL; a test holds them together). */
export const VOICE_EMBEDDING_MODEL = "resemblyzer-ge2e";

const modelOf = (sample: BiometricSampleRecord) =>
  sample.modality === "face" ? faceEmbeddingModelOf(sample) : VOICE_EMBEDDING_MODEL;

export function galleryEntry(sample: BiometricSampleRecord, embedding: Float32Array): GalleryEntry {
  return {
    userId: sample.userId,
    personId: sample.personId,
    sampleId: sample.sampleId,
    modality: sample.modality,
    model: modelOf(sample),
    embedding,
    // As scans judge them (enrolled-identity.ts): server-verified, and searched at all.
    verified: isServerVerified(sample),
    searched: searchedInScans(sample),
    source: sample.source,
    // Every enrolment path requires the current consent first (ConsentService.require).
    consentVersion: CONSENT_VERSION,
    enrolledAt: sample.createdAt,
    ...(sample.deleteAfter ? { deleteAfter: sample.deleteAfter } : {}),
  };
}

/**
 * The writer over a gallery resolved on first write: a function that never writes a sample (a
 * takedown reading samples) needs no gallery configuration at all.
 */
export class GallerySync implements GalleryWriter {
  constructor(private readonly index: () => GalleryIndex) {}

  private get gallery(): GalleryIndex {
    return this.index();
  }

  sampleEnrolled(sample: BiometricSampleRecord, embedding: Float32Array): Promise<void> {
    return this.gallery.put(galleryEntry(sample, embedding));
  }

  async sampleChanged(sample: BiometricSampleRecord): Promise<void> {
    // Both as scans judge them now: a verification can be withdrawn as well as given (live-check-demotion.ts).
    await this.gallery.setVerified(
      sample.userId,
      sample.modality,
      sample.sampleId,
      isServerVerified(sample),
      searchedInScans(sample),
    );
    await this.gallery.setDeleteAfter(sample.userId, sample.modality, sample.sampleId, sample.deleteAfter);
  }

  sampleRemoved(sample: BiometricSampleRecord): Promise<void> {
    return this.gallery.removeSample(sample.userId, sample.modality, sample.sampleId);
  }

  async userErased(userId: string): Promise<void> {
    await this.gallery.removeUser(userId);
  }
}

/**
 * Rebuilds one account's rows from its sealed samples (the record of truth): what a backfill or a
 * repair after a failed gallery write runs. Rows of samples that no longer exist are dropped first.
 */
export async function rebuildGalleryFor(
  userId: string,
  samples: BiometricSampleRecord[],
  deps: { gallery: GalleryIndex; keys: DataKeyService; now: () => Date },
): Promise<number> {
  await deps.gallery.removeUser(userId);
  let indexed = 0;
  for (const sample of samples) {
    if (isExpired(sample, deps.now())) continue;
    const embedding = await openEmbedding(deps.keys, userId, sample.modality, sample);
    await deps.gallery.put(galleryEntry(sample, embedding));
    indexed++;
  }
  return indexed;
}
