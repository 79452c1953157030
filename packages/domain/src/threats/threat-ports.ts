import type { z } from "zod";
import type { Threat, ThreatAuditEntry, ThreatHashBand, ThreatPosterKey } from "../table/entities.js";

export type ThreatRecord = z.infer<typeof Threat.schema>;
export type ThreatAudit = z.infer<typeof ThreatAuditEntry.schema>;
export type Sighting = ThreatRecord["sightings"][number];
export type NearDuplicateKey = Pick<z.infer<typeof ThreatHashBand.schema>, "threatId" | "perceptualHash">;
export type PosterKeyHit = Pick<
  z.infer<typeof ThreatPosterKey.schema>,
  "key" | "threatId" | "accountGroup" | "createdAt"
>;

/** Storage of threats; every write is idempotent so a re-run or resumed scan is safe. */
export interface ThreatRepository {
  get(userId: string, threatId: string): Promise<ThreatRecord | null>;
  list(userId: string): Promise<ThreatRecord[]>;
  findByMediaHash(userId: string, mediaSha256: string): Promise<ThreatRecord | null>;
  /** Those of these threats that exist, read by key (never the account's whole list). */
  getMany(userId: string, threatIds: string[]): Promise<ThreatRecord[]>;
  /** The threats keyed under any of these perceptual-hash bands (near-duplicate-bands.ts): ids and hashes. */
  findByHashBands(userId: string, bands: string[]): Promise<NearDuplicateKey[]>;
  /** The threats whose poster has any of these keys (threats/poster-keys.ts), with the account group each is in. */
  findByPosterKeys(userId: string, keys: string[]): Promise<PosterKeyHit[]>;
  /**
   * Creates the threat unless one with the same id exists; returns whether it created it. Its
   * near-duplicate and poster keys are written first, so a stored threat is always found by them.
   */
  createIfAbsent(threat: ThreatRecord): Promise<boolean>;
  /** Appends the sighting unless that URL is already among the threat's sightings. */
  addSighting(userId: string, threatId: string, sighting: Sighting): Promise<void>;
  /** Replaces what the threat's match rests on (match-reverification.ts) and sets updatedAt to `at`. */
  reviseMatch(
    userId: string,
    threatId: string,
    revision: Pick<ThreatRecord, "detection" | "classification">,
    at: string,
  ): Promise<void>;
  /** Changes status only if it is still `from`; returns false when someone else changed it first. */
  updateStatus(
    userId: string,
    threatId: string,
    from: ThreatRecord["status"],
    to: ThreatRecord["status"],
    at: string,
  ): Promise<boolean>;
  /**
   * Stores the state of the threat's latest notice on it when `replacesTakedown` (takedowns/threat-takedown.ts)
   * says it replaces the one there, and sets updatedAt to `at`; false when it does not, or there is no such threat.
   */
  recordTakedown(
    userId: string,
    threatId: string,
    takedown: NonNullable<ThreatRecord["takedown"]>,
    at: string,
  ): Promise<boolean>;
  /** Records the person's dispute of the threat's synthetic label unless one is recorded; false when one was, or there is no such threat. */
  disputeLabel(userId: string, threatId: string, dispute: NonNullable<ThreatRecord["labelDispute"]>): Promise<boolean>;
  appendAudit(entry: ThreatAudit): Promise<void>;
  listAudit(userId: string, threatId: string): Promise<ThreatAudit[]>;
}

/** Threats recorded before near-duplicate keys existed, for the after-deploy backfill. */
export interface UnkeyedThreats {
  /** Threats with a perceptual hash whose keys were never written. */
  unkeyed(): AsyncIterable<ThreatRecord>;
  /** Writes the threat's keys, then marks it keyed. */
  writeNearDuplicateKeys(threat: ThreatRecord): Promise<void>;
}
