import type { GalleryWriter } from "../gallery/gallery-writer.js";
import type { BiometricSampleRecord } from "../records.js";
import { sealEmbedding } from "./embedding-cipher.js";
import type { BiometricAnalyser, BiometricObjectStore, DataKeyService } from "./ports.js";
import type { SampleLibrary } from "./sample-library.js";

/**
 * Which network made a stored face embedding. Embeddings of different networks live in different
 * spaces (a face-api dlib descriptor and an SFace embedding of the same face are unrelated
 * vectors of the same length), so scans and enrolment compare only embeddings of the current model.
 * Must equal @lg/detection's FACE_EMBEDDING_MODEL (a unit test holds them together).
 */
export const CURRENT_FACE_EMBEDDING_MODEL = "sface-2021dec";
/** Face samples stored before samples recorded their model were face-api's dlib descriptors. */
export const LEGACY_FACE_EMBEDDING_MODEL = "face-api-dlib";

export function faceEmbeddingModelOf(sample: Pick<BiometricSampleRecord, "embeddingModel">): string {
  return sample.embeddingModel ?? LEGACY_FACE_EMBEDDING_MODEL;
}

/** Whether a sample can be compared with what the detection engine computes now. */
export function isCurrentEmbedding(sample: Pick<BiometricSampleRecord, "modality" | "embeddingModel">): boolean {
  return sample.modality !== "face" || faceEmbeddingModelOf(sample) === CURRENT_FACE_EMBEDDING_MODEL;
}

/**
 * The person has face samples, but none of the current model, and at least one cannot be
 * recomputed on the server (zero-knowledge captures keep no photo): they must capture again.
 */
export function faceRecaptureNeeded(samples: BiometricSampleRecord[]): boolean {
  const faces = samples.filter((s) => s.modality === "face");
  return faces.length > 0 && !faces.some(isCurrentEmbedding);
}

export interface FaceReenrolmentDeps {
  samples: SampleLibrary;
  objects: BiometricObjectStore;
  keys: DataKeyService;
  analyser: BiometricAnalyser;
  store: { putSample(sample: BiometricSampleRecord): Promise<void> };
  /** The matching gallery: the sample's row takes the new model's vector (older-model rows are never compared). */
  gallery?: GalleryWriter;
}

export interface FaceReenrolmentResult {
  /** Samples whose embedding was recomputed from the kept photo and sealed afresh. */
  recomputed: number;
  /** Samples left on the old model: no photo kept (zero-knowledge, or deleted) or no usable face in it now. */
  needRecapture: number;
}

/**
 * The migration after a face model upgrade, one user at a time: each face sample of an older model
 * whose photo is still kept is analysed again and its embedding replaced (same sample, same
 * verification, same retention); the old embedding is never compared with new ones. Samples without
 * a photo stay out of scans until the person captures again (faceRecaptureNeeded). Idempotent.
 */
export class FaceReenrolment {
  constructor(private readonly deps: FaceReenrolmentDeps) {}

  async reenrol(userId: string): Promise<FaceReenrolmentResult> {
    const result: FaceReenrolmentResult = { recomputed: 0, needRecapture: 0 };
    for (const sample of await this.deps.samples.activeSamples(userId)) {
      if (isCurrentEmbedding(sample)) continue;
      // The photo was accepted at enrolment under its pose; "turned" keeps the turned poses acceptable.
      const analysis = sample.objectKey
        ? await this.deps.analyser.analyseFacePhoto(await this.deps.objects.read(sample.objectKey), "turned")
        : undefined;
      if (!analysis?.ok) {
        result.needRecapture++;
        continue;
      }
      const sealed = await sealEmbedding(this.deps.keys, userId, "face", analysis.descriptor);
      const migrated = { ...sample, ...sealed, embeddingModel: CURRENT_FACE_EMBEDDING_MODEL };
      await this.deps.store.putSample(migrated);
      await this.deps.gallery?.sampleEnrolled(migrated, analysis.descriptor);
      result.recomputed++;
    }
    return result;
  }
}

/** Where the migration learns whom to visit: every user holding a face sample of an older model. */
export interface OlderFaceSampleOwners {
  userIds(): AsyncIterable<string>;
}

export interface FaceReenrolmentRun extends FaceReenrolmentResult {
  users: number;
}

/**
 * The whole migration, as run after each deploy: every owner of an older-model face sample, one at a
 * time (a failure for one person is reported and the rest still run; a later run retries them).
 */
export async function reenrolEveryone(
  owners: OlderFaceSampleOwners,
  migration: Pick<FaceReenrolment, "reenrol">,
  onFailure: (userId: string, error: unknown) => void = () => {},
): Promise<FaceReenrolmentRun & { failed: number }> {
  const run = { users: 0, recomputed: 0, needRecapture: 0, failed: 0 };
  for await (const userId of owners.userIds()) {
    run.users++;
    try {
      const result = await migration.reenrol(userId);
      run.recomputed += result.recomputed;
      run.needRecapture += result.needRecapture;
    } catch (error) {
      run.failed++;
      onFailure(userId, error);
    }
  }
  return run;
}
