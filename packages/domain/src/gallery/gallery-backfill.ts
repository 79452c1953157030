import { openEmbedding } from "../biometrics/embedding-cipher.js";
import type { DataKeyService } from "../biometrics/ports.js";
import type { BiometricSampleRecord } from "../records.js";
import { type GalleryIndex, gallerySampleKey } from "./gallery.js";
import { galleryEntry } from "./gallery-sync.js";

/** Every account that holds a biometric sample, each once (a paged scan in AWS). */
export interface SampleOwners {
  userIds(): AsyncIterable<string>;
}

/** The gallery as the backfill needs it: which of an account's samples it holds, and a write. */
export interface GalleryRows extends Pick<GalleryIndex, "put"> {
  sampleKeys(userId: string): Promise<Set<string>>;
}

export interface GalleryBackfillDeps {
  owners: SampleOwners;
  /** The account's current samples, expired ones removed first (SampleLibrary.activeSamples). */
  activeSamples: (userId: string) => Promise<BiometricSampleRecord[]>;
  gallery: GalleryRows;
  keys: DataKeyService;
}

export interface GalleryBackfillRun {
  users: number;
  indexed: number;
  failed: number;
}

/**
 * Indexes the samples the gallery does not hold: those enrolled before it existed, or whose write
 * failed after the sample was stored (writes come after the sample, so a failure leaves it unmatched
 * rather than a deleted person matchable). Rows the gallery holds are left as they are (the code paths
 * that change samples keep them), so a second run opens no sealed embedding at all. Per account, so
 * one failure is logged and the next run retries it.
 */
export async function backfillGallery(
  deps: GalleryBackfillDeps,
  onFailure: (userId: string, error: unknown) => void = () => {},
): Promise<GalleryBackfillRun> {
  const run = { users: 0, indexed: 0, failed: 0 };
  for await (const userId of deps.owners.userIds()) {
    run.users++;
    try {
      const held = await deps.gallery.sampleKeys(userId);
      for (const sample of await deps.activeSamples(userId)) {
        if (held.has(gallerySampleKey(sample.modality, sample.sampleId))) continue;
        const embedding = await openEmbedding(deps.keys, userId, sample.modality, sample);
        await deps.gallery.put(galleryEntry(sample, embedding));
        run.indexed++;
      }
    } catch (error) {
      run.failed++;
      onFailure(userId, error);
    }
  }
  return run;
}
