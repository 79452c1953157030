import { createHash } from "node:crypto";
import type { ItemRef } from "../../../packages/connectors/src/connector.js";
import type {
  EnrolledPerson,
  LikenessFinding,
  MediaToAnalyse,
} from "../../../packages/domain/src/scanning/scan-ports.js";
import { type ItemTask, type ScanDeps, ScanService } from "../../../packages/domain/src/scanning/scan-service.js";
import {
  InMemoryAlertOutbox,
  InMemoryEvidenceStore,
  InMemoryFindingCache,
  InMemoryScanLocks,
  InMemoryThreatRepository,
} from "./fakes.js";

export const person: EnrolledPerson = { personId: "self", displayName: "Ada Lovelace", face: [], voice: [] };
export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
export const PICTURE = new Uint8Array([1, 2, 3, 4]);
export const OTHER_PICTURE = new Uint8Array([5, 6, 7, 8]);

/** A finding the way the detection engine reports one: Ada's face on the first picture, nobody elsewhere. */
export function findingOf(media: MediaToAnalyse): LikenessFinding {
  const ada = media.bytes[0] === PICTURE[0];
  return {
    contentType: "image/jpeg",
    mediaSha256: sha256(media.bytes),
    face: ada ? { personId: "self", confidence: 91 } : null,
    voice: null,
    syntheticScore: null,
    syntheticSignals: [],
    result: { faces: ada ? 1 : 0 },
  };
}

/** Posts on two platforms; `media` says which bytes each post's URL serves; `deps` adds or replaces the scan's ports. */
export function scanWorld(media: Record<string, Uint8Array>, deps: Partial<ScanDeps> = {}) {
  /** Accounts erased while their scan runs: the scan asks before every write. */
  const erased = new Set<string>();
  const analysed: string[] = [];
  const threats = new InMemoryThreatRepository();
  const evidence = new InMemoryEvidenceStore();
  const findings = new InMemoryFindingCache();
  const service = new ScanService({
    // No profile: nothing is the person's own account, and no name to imitate.
    accounts: { getProfile: async () => null } as never,
    scans: { recordPlatformProgress: async () => undefined } as never,
    locks: new InMemoryScanLocks(),
    threats,
    outbox: new InMemoryAlertOutbox(),
    evidence,
    findings,
    erased: { isErased: async (userId: string) => erased.has(userId) },
    analyser: {
      analyse: async (m: MediaToAnalyse) => {
        analysed.push(m.url);
        if (m.bytes.length === 0) throw new Error("Unreadable media");
        // The analyser reports no hash: the scan keys its findings, threats and evidence by its own.
        const { mediaSha256: _hashedByTheScan, ...analysis } = findingOf(m);
        return analysis;
      },
    },
    sources: {
      connector: (platformId: string) =>
        ({
          platformId,
          fetchItem: async (ref: ItemRef) => ({
            platformId,
            ref,
            url: ref.url,
            title: "post",
            text: "",
            author: { handle: "someone", displayName: "Someone", avatarUrl: "" },
            postedAt: "2026-11-01T00:00:00.000Z",
            mediaUrls: [`${ref.url}/media`],
            media: [{ url: `${ref.url}/media`, contentType: "image/jpeg", bytes: media[ref.url] ?? new Uint8Array() }],
            pageMetadata: {},
          }),
        }) as never,
      fetchMedia: async () => {
        throw new Error("not used");
      },
    },
    enrolledPeople: async () => [person],
    now: () => new Date("2026-11-22T00:00:00.000Z"),
    ...deps,
  });
  const post = (scanId: string, platformId: string, url: string): ItemTask => ({
    userId: "u1",
    scanId,
    platformId,
    kind: "post",
    ref: { sourceId: platformId, id: url, url },
    url,
  });
  return { service, analysed, threats, evidence, findings, post, erased };
}
