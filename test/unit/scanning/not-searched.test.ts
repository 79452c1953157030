import { describe, expect, it } from "vitest";
import { CURRENT_FACE_EMBEDDING_MODEL } from "../../../packages/domain/src/biometrics/embedding-models.js";
import type { BiometricSampleRecord } from "../../../packages/domain/src/records.js";
import { likenessNotSearched } from "../../../packages/domain/src/scanning/not-searched.js";
import type { ScanRecord } from "../../../packages/domain/src/scanning/scan-ports.js";
import { scanProgressView } from "../../../packages/domain/src/scanning/scan-progress.js";
import { ScanService } from "../../../packages/domain/src/scanning/scan-service.js";

const NOW = new Date("2026-11-29T09:00:00.000Z");

const face = (overrides: Partial<BiometricSampleRecord>): BiometricSampleRecord =>
  ({
    userId: "fay",
    personId: "self",
    modality: "face",
    sampleId: `s-${Math.random()}`,
    source: "upload",
    verified: false,
    encryptedEmbedding: "x",
    encryptedDataKey: "y",
    embeddingModel: CURRENT_FACE_EMBEDDING_MODEL,
    quality: {},
    createdAt: NOW.toISOString(),
    ...overrides,
  }) as BiometricSampleRecord;

describe("a scan's outcome for a face it did not search", () => {
  it("says an uploaded photo no live check proved was not searched, and why", () => {
    expect(likenessNotSearched([face({})], NOW).face).toBe(
      "Your face was not searched: uploaded photos are searched only once a live check proves the face is yours (anyone can upload anyone's photo); take the live check in Biometric Training to have it searched.",
    );
  });

  it("says a face the browser reported was not searched until a live check proves it", () => {
    expect(likenessNotSearched([face({ source: "zero-knowledge" })], NOW).face).toMatch(
      /^Your face was not searched: it was reported by your browser, and no live check has proven it is yours yet/,
    );
  });

  it("says nothing once a live check verified a face, or when no face is stored", () => {
    const live = face({ source: "live-capture", verified: true, verifiedBy: "live-check" });
    expect(likenessNotSearched([face({}), live], NOW)).toEqual({});
    expect(likenessNotSearched([], NOW)).toEqual({});
  });

  it("is written on the scan's record by its plan and shown by its status", async () => {
    const records: ScanRecord[] = [];
    const service = new ScanService({
      accounts: {
        getProfile: async () => ({ userId: "fay", membershipTier: "personal", platforms: ["reddit"] }),
        listSamples: async () => [face({})],
      } as never,
      scans: { put: async (scan: ScanRecord) => void records.push(scan), get: async () => null } as never,
      locks: { acquire: async () => ({ acquired: true }) } as never,
      erased: { isErased: async () => false },
      enrolledPeople: async () => [],
      now: () => NOW,
    } as never);
    const plan = await service.plan({ userId: "fay", scanId: "s1", trigger: "schedule" });
    expect(plan).toMatchObject({ searchable: false, platforms: [] });
    const [record] = records;
    expect(scanProgressView(record as ScanRecord).notSearched?.face).toMatch(/^Your face was not searched: uploaded/);
  });

  it("still searches the platforms of an account whose only protection is registered image hashes", async () => {
    const withHashes = (holds: boolean) =>
      new ScanService({
        accounts: {
          getProfile: async () => ({ userId: "gil", membershipTier: "personal", platforms: ["reddit"] }),
          listSamples: async () => [],
        } as never,
        scans: { put: async () => {}, get: async () => null } as never,
        locks: { acquire: async () => ({ acquired: true }) } as never,
        erased: { isErased: async () => false },
        enrolledPeople: async () => [],
        registeredImages: { matchFor: async () => null, holdsAny: async () => holds },
        now: () => NOW,
      } as never);
    const plan = await withHashes(true).plan({ userId: "gil", scanId: "s1", trigger: "schedule" });
    expect(plan).toMatchObject({ searchable: true, platforms: [{ userId: "gil", platformId: "reddit" }] });
    const none = await withHashes(false).plan({ userId: "gil", scanId: "s2", trigger: "schedule" });
    expect(none).toMatchObject({ searchable: false, platforms: [] });
  });
});
