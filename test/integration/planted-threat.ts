import type { DynamoThreatRepository } from "@lg/domain/scanning/adapters/dynamo-threats";
import { Threat } from "@lg/domain/table/entities";

export const PLANTED_MEDIA_SHA256 = "9f2c1e8b7a6d5c4b3a29181706f5e4d3c2b1a09f8e7d6c5b4a3928170615f4e3";

/** A face match whose file declares itself AI-generated (C2PA): a deepfake by its evidence. */
export const DECLARED_DEEPFAKE = {
  synthetic: "synthetic",
  syntheticScore: 0.99,
  signals: [{ id: "c2pa", status: "present", explanation: "C2PA manifest: trainedAlgorithmicMedia" }],
  face: { personId: "self", confidence: 95 },
  voice: null,
};

/** Writes an active deepfake threat straight into the table, as a scan would have recorded it. */
export async function plantThreat(
  threats: DynamoThreatRepository,
  userId: string,
  id: string,
  overrides: Record<string, unknown> = {},
) {
  const at = new Date().toISOString();
  await threats.createIfAbsent(
    Threat.schema.parse({
      userId,
      id,
      personId: "self",
      threatType: "deepfake",
      confidence: 95,
      platform: "reddit",
      url: `https://www.reddit.com/r/pics/comments/${id}/`,
      status: "active",
      mediaSha256: PLANTED_MEDIA_SHA256,
      detection: DECLARED_DEEPFAKE,
      evidenceData: { hash: PLANTED_MEDIA_SHA256, manifestKey: `evidence/${id}.json`, capturedAt: at },
      createdAt: at,
      updatedAt: at,
      ...overrides,
    }),
  );
}
