import type { AccountStore } from "../accounts/ports.js";
import type { GalleryWriter } from "../gallery/gallery-writer.js";
import type { BiometricSampleRecord } from "../records.js";
import type { BiometricObjectStore } from "./ports.js";
import { autoDeleteTags, type DataExpiryDays, isExpired, sampleExpiry } from "./retention.js";

export const userObjectPrefix = (userId: string) => `users/${userId}/`;
export const uploadKeyPrefix = (userId: string) => `users/${userId}/uploads/`;
export const sampleObjectKey = (userId: string, sampleId: string, extension: string) =>
  `users/${userId}/samples/${sampleId}.${extension}`;

export interface SampleLibraryDeps {
  store: AccountStore;
  objects: BiometricObjectStore;
  /** The matching gallery: an expired sample leaves it before the sample itself goes. */
  gallery?: GalleryWriter;
  now: () => Date;
}

/**
 * The user's enrolled samples as everything else must see them: expired samples are removed on
 * read (the local table has no TTL, and AWS TTL may lag by days), so nothing matches on stale data.
 */
export class SampleLibrary {
  constructor(private readonly deps: SampleLibraryDeps) {}

  async activeSamples(userId: string): Promise<BiometricSampleRecord[]> {
    const now = this.deps.now();
    const samples = await this.deps.store.listSamples(userId);
    const expired = samples.filter((s) => isExpired(s, now));
    for (const sample of expired) await this.remove(sample);
    return samples.filter((s) => !isExpired(s, now));
  }

  async remove(sample: BiometricSampleRecord): Promise<void> {
    await this.deps.gallery?.sampleRemoved(sample);
    if (sample.objectKey) await this.deps.objects.deleteAll(sample.objectKey);
    await this.deps.store.deleteSample(sample);
  }

  /** A new auto-delete choice applies to what is already stored, not only to what comes next. */
  async applyRetention(userId: string, days: DataExpiryDays): Promise<void> {
    for (const sample of await this.activeSamples(userId)) {
      if (sample.objectKey) await this.deps.objects.setTags(sample.objectKey, autoDeleteTags(days));
      const kept = { ...sample, ...sampleExpiry(sample.createdAt, days) };
      await this.deps.store.putSample(kept);
      await this.deps.gallery?.sampleChanged(kept);
    }
  }
}
