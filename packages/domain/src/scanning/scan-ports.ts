import type { z } from "zod";
import type { Scan } from "../table/entities.js";

export type ScanRecord = z.infer<typeof Scan.schema>;

export interface ScanRepository {
  put(scan: ScanRecord): Promise<void>;
  get(userId: string, scanId: string): Promise<ScanRecord | null>;
  /** Newest first. */
  list(userId: string, limit?: number): Promise<ScanRecord[]>;
}

/** An enrolled person as matching needs them: decrypted embeddings, verified faces only. */
export interface EnrolledPerson {
  personId: string;
  displayName: string;
  face: Float32Array[];
  voice: Float32Array[];
}

export interface MediaToAnalyse {
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

/** What the detection engine found in one media file, reduced to what scanning decides on. */
export interface MediaAnalysis {
  contentType: string;
  /** Of a picture whose face matched an enrolled person: what near-duplicate threats are recognised by. */
  perceptualHash?: string;
  face: { personId: string; confidence: number } | null;
  voice: { personId: string; confidence: number } | null;
  /** 0-1 probability the media is synthetic, or null when no signal could tell. */
  syntheticScore: number | null;
  syntheticSignals: { id: string; status: string; score?: number; explanation: string }[];
  /** The full detection result, kept in the evidence package. */
  result: unknown;
}

/** An analysis with the SHA-256 of the bytes analysed, by which findings, threats and evidence are keyed. */
export interface LikenessFinding extends MediaAnalysis {
  mediaSha256: string;
}

/**
 * The detection engine as scanning needs it. The caller hashes the bytes (it keys its findings by
 * that hash before it knows whether to analyse), so the analyser does not hash them again.
 */
export interface LikenessAnalyser {
  analyse(media: MediaToAnalyse, enrolled: EnrolledPerson[]): Promise<MediaAnalysis>;
}

/** Which scan saw which bytes: a finding is reused only within the scan that made it. */
export interface FindingKey {
  userId: string;
  scanId: string;
  mediaSha256: string;
}

/**
 * Findings a scan's workers share, so identical bytes seen on several platforms or items are
 * analysed once per scan. Two workers may analyse the same bytes at once; both then put the same
 * finding, so a lost race costs work, never correctness.
 */
export interface FindingCache {
  get(key: FindingKey): Promise<LikenessFinding | null>;
  put(key: FindingKey, finding: LikenessFinding): Promise<void>;
}
