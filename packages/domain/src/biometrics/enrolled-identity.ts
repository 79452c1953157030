import { SELF_PERSON_ID } from "../records.js";
import { openEmbedding } from "./embedding-cipher.js";
import { isCurrentEmbedding } from "./embedding-models.js";
import type { DataKeyService } from "./ports.js";
import type { SampleLibrary } from "./sample-library.js";

export interface EnrolledEmbeddings {
  personId: string;
  face: Float32Array[];
  voice: Float32Array[];
}

/**
 * What a scan may search for: unexpired samples only, faces only once verified by a live capture
 * (so nobody can have the service hunt for a stranger by uploading their photo), and only
 * embeddings of the current face model (older ones are re-enrolled, never compared).
 */
export async function enrolledEmbeddings(
  samples: SampleLibrary,
  keys: DataKeyService,
  userId: string,
): Promise<EnrolledEmbeddings> {
  const identity: EnrolledEmbeddings = { personId: SELF_PERSON_ID, face: [], voice: [] };
  for (const sample of await samples.activeSamples(userId)) {
    if ((sample.modality === "face" && !sample.verified) || !isCurrentEmbedding(sample)) continue;
    const embedding = await openEmbedding(keys, userId, sample.modality, sample);
    identity[sample.modality].push(embedding);
  }
  return identity;
}
