import { BiometricSample, Threat } from "@lg/domain/table/entities";
import { toItem } from "@lg/domain/table/entity";
import type { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import type { ThreatKind } from "@lg/domain/threats/classification-schema";
import { threatClassification } from "../support/threat-classification.js";

export const PLANTED_MEDIA_SHA256 = "9f2c1e8b7a6d5c4b3a29181706f5e4d3c2b1a09f8e7d6c5b4a3928170615f4e3";

/** A face match whose file declares itself AI-generated (C2PA): a deepfake by its evidence. */
export const DECLARED_DEEPFAKE = {
  synthetic: "synthetic",
  syntheticScore: 0.99,
  signals: [{ id: "c2pa", status: "present", explanation: "C2PA manifest: trainedAlgorithmicMedia" }],
  face: { personId: "self", confidence: 95 },
  voice: null,
};

/**
 * A re-post of the person's own photo (the file enrolled with PLANTED_MEDIA_SHA256): a face match
 * with no synthetic evidence, the only kind of threat a copyright (DMCA) claim can rest on.
 */
export const COPY_OF_ENROLLED_PHOTO = {
  threatType: "likeness_misuse",
  detection: {
    synthetic: "no-synthetic-evidence",
    syntheticScore: 0.05,
    signals: [{ id: "c2pa", status: "absent", explanation: "No C2PA manifest" }],
    face: { personId: "self", confidence: 95 },
    voice: null,
  },
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
      // Typed as the overrides' evidence makes it: a deepfake unless they name another type.
      classification: threatClassification((overrides.threatType as ThreatKind | undefined) ?? "deepfake", {
        confidence: (overrides.confidence as number | undefined) ?? 95,
      }),
      ...overrides,
    }),
  );
}

/**
 * An enrolled photo as notices read it: its date, and the SHA-256 of the file where a test re-posts
 * that file (what a copyright claim may name). Enrolment through the API needs real face analysis.
 */
export function enrolledPhotoItem(userId: string, sampleId: string, mediaSha256?: string) {
  return toItem(BiometricSample, {
    userId,
    personId: "self",
    modality: "face",
    sampleId,
    source: "upload",
    verified: true,
    encryptedEmbedding: "not-read-by-notices",
    encryptedDataKey: "not-read-by-notices",
    quality: {},
    ...(mediaSha256 ? { mediaSha256 } : {}),
    createdAt: "2026-10-01T09:00:00.000Z",
  });
}

/** Who a notice says the person is: the profile a takedown needs before it can be sent. */
export const NOTICE_IDENTITY = {
  firstName: "Ada",
  lastName: "Moreno",
  dateOfBirth: "1990-04-02",
  phone: "+14155550123",
  address: "12 Harbor Street",
  city: "San Francisco",
  country: "US",
} as const;

/**
 * Makes a signed-up person ready to send notices: their identity saved through the API and an
 * enrolled photo (`sampleId`, of the file with `mediaSha256`), which a copyright claim may name.
 */
export async function readyForNotices(
  appUrl: string,
  person: { cookie: string; userId: string },
  enrol: (item: Record<string, unknown>) => Promise<unknown>,
  photo: { sampleId: string; mediaSha256?: string },
) {
  const saved = await fetch(`${appUrl}/api/profile`, {
    method: "PUT",
    headers: { cookie: person.cookie, "content-type": "application/json" },
    body: JSON.stringify(NOTICE_IDENTITY),
  });
  if (saved.status !== 200) throw new Error(`Saving the notice identity answered ${saved.status}`);
  await enrol(enrolledPhotoItem(person.userId, photo.sampleId, photo.mediaSha256));
}
