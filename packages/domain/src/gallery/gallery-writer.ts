import type { BiometricSampleRecord } from "../records.js";

/**
 * The gallery as the code paths that write biometric samples see it: each tells it what happened to
 * the record of truth (the sealed sample), and the gallery follows. Enrolment, re-enrolment and the
 * model migration call sampleEnrolled with the embedding they hold in memory anyway (the gallery
 * never unseals anything itself); verification and retention changes call sampleChanged; auto-delete
 * calls sampleRemoved and erasure userErased, both before the sample itself goes.
 */
export interface GalleryWriter {
  sampleEnrolled(sample: BiometricSampleRecord, embedding: Float32Array): Promise<void>;
  sampleChanged(sample: BiometricSampleRecord): Promise<void>;
  sampleRemoved(sample: BiometricSampleRecord): Promise<void>;
  userErased(userId: string): Promise<void>;
}
