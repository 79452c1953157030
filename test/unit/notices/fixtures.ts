import { Threat } from "@lg/domain/table/entities";
import type { NoticeInput, ThreatRecord } from "@lg/notices";
import { threatClassification } from "../../support/threat-classification.js";

export const MEDIA_SHA256 = "9f2c1e8b7a6d5c4b3a29181706f5e4d3c2b1a09f8e7d6c5b4a3928170615f4e3";
export const EVIDENCE_SHA256 = "3b5d7f9a1c2e4f6a8b0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f2a4b6c8d0e1f3a";

export function threat(overrides: Partial<ThreatRecord> = {}): ThreatRecord {
  return Threat.schema.parse({
    userId: "user-1",
    id: "01JTHREAT0000000000000000A",
    personId: "person-1",
    threatType: "deepfake",
    confidence: 93,
    platform: "youtube",
    contentType: "video",
    url: "https://www.youtube.com/watch?v=fake123",
    status: "active",
    mediaSha256: MEDIA_SHA256,
    perceptualHash: "a1b2c3d4e5f60718",
    evidenceData: {
      hash: EVIDENCE_SHA256,
      manifestKey: "evidence/user-1/01J/manifest.json",
      capturedAt: "2026-11-20T10:15:00.000Z",
    },
    // A provenance declaration (C2PA) makes it synthetic media with no detector error to state.
    detection: {
      faceSimilarity: 0.87,
      syntheticScore: 0.95,
      embedding: [0.12, 0.34],
      signals: [{ id: "c2pa", status: "present", explanation: "C2PA manifest declares trainedAlgorithmicMedia" }],
    },
    createdAt: "2026-11-20T10:15:00.000Z",
    updatedAt: "2026-11-20T10:15:00.000Z",
    classification: threatClassification(overrides.threatType ?? "deepfake", {
      confidence: overrides.confidence ?? 93,
    }),
    ...overrides,
  });
}

export function noticeInput(overrides: Partial<NoticeInput> = {}): NoticeInput {
  return {
    person: {
      firstName: "Ada",
      lastName: "Moreno",
      email: "ada.moreno@example.com",
      phone: "+1 415 555 0100",
      address: "12 Harbor Street",
      city: "San Francisco",
      country: "US",
    },
    signer: { kind: "self", fullName: "Ada Moreno" },
    copyrightClaim: {
      modality: "photo",
      sampleId: "face-1",
      enrolledAt: "2026-10-01T09:00:00.000Z",
      match: "same-file",
      description: "Selfie I took in 2025",
    },
    threat: threat(),
    confirmations: { ownsWork: true, goodFaith: true, accurate: true, noConsent: true },
    automatic: false,
    signedAt: "2026-11-21T08:00:00.000Z",
    ...overrides,
  };
}
