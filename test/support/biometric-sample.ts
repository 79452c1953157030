import type { BiometricSampleRecord } from "@lg/domain/records";

/** A stored face sample as tests seed one: a verified live capture with placeholder sealed fields, unless `extra` says otherwise. */
export const storedFaceSample = (
  userId: string,
  sampleId: string,
  extra: Partial<BiometricSampleRecord> = {},
): BiometricSampleRecord => ({
  userId,
  personId: "self",
  modality: "face",
  sampleId,
  source: "live-capture",
  verified: true,
  encryptedEmbedding: "e",
  encryptedDataKey: "k",
  quality: {},
  createdAt: "2026-11-01T00:00:00.000Z",
  ...extra,
});
