import type { z } from "zod";
import type { MediaProbe } from "../registered-images/registered-image-matcher.js";
import type { AlertOwed, Scan, ScanLock } from "../table/entities.js";
import type { StatedOperatingPoint } from "../threats/classification-schema.js";
import type { MatchLimit } from "../threats/match-band.js";

export type ScanRecord = z.infer<typeof Scan.schema>;
export type ScanLockRecord = z.infer<typeof ScanLock.schema>;
export type AlertOwedRecord = z.infer<typeof AlertOwed.schema>;

/**
 * The one-running-scan-per-person slot. `acquire` is one conditional write: it succeeds only when
 * the slot is free, its lease has run out, or this very scan holds it (a retried task re-acquires).
 */
export interface ScanLocks {
  acquire(lock: ScanLockRecord, now: Date): Promise<{ acquired: true } | { acquired: false; holder: string }>;
  /** Frees the slot only if this scan still holds it. */
  release(userId: string, scanId: string): Promise<void>;
}

/**
 * The alert outbox. Owing is idempotent per threat; claiming is a conditional update, so of two
 * senders (Finish and the reconciler) exactly one sends each owed alert.
 */
export interface AlertOutbox {
  oweIfAbsent(owed: AlertOwedRecord): Promise<void>;
  /** Items still owed, or claimed by a sender longer ago than `claimStaleBefore` (it died sending). */
  pending(userId: string, claimStaleBefore: string): Promise<AlertOwedRecord[]>;
  claim(userId: string, threatId: string, at: string, claimStaleBefore: string): Promise<boolean>;
  markSent(userId: string, threatId: string, at: string): Promise<void>;
  /** Claims still `sending` made before `claimStaleBefore`, across people: their sender died. */
  staleClaims(claimStaleBefore: string): Promise<AlertOwedRecord[]>;
}

export interface ScanRepository {
  put(scan: ScanRecord): Promise<void>;
  get(userId: string, scanId: string): Promise<ScanRecord | null>;
  /**
   * Sets one platform's entry in the scan's progress, leaving the rest of the record alone, so
   * platforms finishing at once never overwrite each other's counts.
   */
  recordPlatformProgress(
    userId: string,
    scanId: string,
    platformId: string,
    progress: { items: number; threats: number },
  ): Promise<void>;
  /** Newest first. */
  list(userId: string, limit?: number): Promise<ScanRecord[]>;
}

/** An enrolled person as matching needs them: decrypted embeddings, verified faces only. */
export interface EnrolledPerson {
  personId: string;
  displayName: string;
  face: Float32Array[];
  voice: Float32Array[];
  /**
   * Which of `face` and `voice` the server never verified (client-reported in zero-knowledge mode,
   * uploaded recordings): matches against them are marked, and no notice goes in the person's name on them.
   */
  unverified?: ReadonlySet<Float32Array>;
}

/** Whether a match was made against a sample the server verified (biometrics/enrolment-verification.ts). */
export type MatchEnrolment = "verified" | "unverified";

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
  /** `limitedBy`: what about the face capped the match's confidence (small, partial, unclear). */
  face: { personId: string; confidence: number; enrolment?: MatchEnrolment; limitedBy?: MatchLimit[] } | null;
  voice: { personId: string; confidence: number; enrolment?: MatchEnrolment } | null;
  /** 0-1 probability the media is synthetic, or null when no signal could tell. */
  syntheticScore: number | null;
  /** The engine's fused verdict; absent from analyses made before it was reported. */
  syntheticStatus?: "synthetic" | "possibly-synthetic" | "no-evidence" | "unknown";
  /** The fused decision's threshold and measured error rates, when a learned fusion decided. */
  syntheticOperatingPoint?: StatedOperatingPoint;
  syntheticSignals: {
    id: string;
    status: string;
    score?: number;
    explanation: string;
    operatingPoint?: StatedOperatingPoint;
  }[];
  /** The explicit-content reading of the pictures (what decides intimate imagery); null for audio. */
  intimate?: { status: string; score?: number; operatingPoint?: StatedOperatingPoint } | null;
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
export interface AnalyserOptions {
  mediaSha256?: string;
  everySignal?: boolean;
  /**
   * Given the PDQ hashes of the pixels the analysis decoded (not called when it decoded nothing, or
   * answered from its cache), so the registered-image match need not decode the file again.
   */
  onPdqProbes?: (probes: MediaProbe[]) => void;
}

export interface LikenessAnalyser {
  /**
   * `mediaSha256`: the bytes' hash, when the caller has it (the analysis cache is keyed by it).
   * `everySignal`: an analysis asked for on demand (the public API's), which reports the synthetic
   * signals whatever matched, and reads media no enrolled likeness can be in too.
   */
  analyse(media: MediaToAnalyse, enrolled: EnrolledPerson[], options?: AnalyserOptions): Promise<MediaAnalysis>;
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
