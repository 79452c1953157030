import type { ThreatCandidate } from "../threats/threat-recorder.js";

/** What analysing one item found: its URL and the threat candidates its media gave. */
export interface ItemOutcome {
  url: string;
  candidates: ThreatCandidate[];
  skipped?: string;
}

/**
 * An analysed item as the scan workflow carries it to the record step: a key to its kept outcome
 * when it found candidates (which name the person), else only that it found none. Nothing of the
 * person passes through the workflow's state, whose history outlives the person's erasure.
 */
export type HandedOutcome = { kept: string } | { candidates: 0 };

/** Analysed items' outcomes, kept for the scan's record step (ScanItemOutcome, expiring by TTL). */
export interface ItemOutcomeStore {
  /** Keeps the outcome under the item's key; a retried analysis of the item overwrites it. */
  put(userId: string, scanId: string, itemKey: string, outcome: ItemOutcome): Promise<void>;
  get(userId: string, scanId: string, itemKey: string): Promise<ItemOutcome | null>;
}
