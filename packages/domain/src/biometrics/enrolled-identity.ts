import { SELF_PERSON_ID } from "../records.js";
import { openEmbedding } from "./embedding-cipher.js";
import { isCurrentEmbedding } from "./embedding-models.js";
import { isServerVerified, searchedInScans } from "./enrolment-verification.js";
import type { DataKeyService } from "./ports.js";
import type { SampleLibrary } from "./sample-library.js";

export interface EnrolledEmbeddings {
  personId: string;
  face: Float32Array[];
  voice: Float32Array[];
  /** Which of them the server never verified: matches against these are marked, and no notice rests on them. */
  unverified: Set<Float32Array>;
}

/**
 * What a scan may search for (`searchedInScans`): unexpired samples only, no unconfirmed uploaded
 * photo (so nobody can have the service hunt for a stranger by uploading their photo), and only
 * embeddings of the current face model (older ones are re-enrolled, never compared).
 */
export async function enrolledEmbeddings(
  samples: SampleLibrary,
  keys: DataKeyService,
  userId: string,
): Promise<EnrolledEmbeddings> {
  const identity: EnrolledEmbeddings = { personId: SELF_PERSON_ID, face: [], voice: [], unverified: new Set() };
  for (const sample of await samples.activeSamples(userId)) {
    if (!searchedInScans(sample) || !isCurrentEmbedding(sample)) continue;
    const embedding = await openEmbedding(keys, userId, sample.modality, sample);
    identity[sample.modality].push(embedding);
    if (!isServerVerified(sample)) identity.unverified.add(embedding);
  }
  return identity;
}
