import { createHash } from "node:crypto";

/** An erasure that began and has not finished: whose, and the sign-in name its last step deletes. */
export interface UnfinishedErasure {
  userId: string;
  username?: string;
  erasedAt: string;
}

/**
 * Tombstones of erased accounts. Erasure marks the account before it deletes anything; every scan
 * step asks before it writes, so a scan running when the account went records nothing more. Until
 * the erasure finishes, the tombstone also names the account (its id and sign-in name), so an
 * erasure a crash interrupted is found and finished (resumeUnfinished); once it finishes, only the
 * hash is kept.
 */
export interface ErasedAccounts {
  mark(userId: string, at: Date, username?: string): Promise<void>;
  /** The erasure went through: the tombstone keeps only the hash, until it expires. */
  finished(userId: string, at: Date): Promise<void>;
  /** Erasures begun before `startedBefore` and not finished, oldest first. */
  unfinished(startedBefore: Date): Promise<UnfinishedErasure[]>;
  isErased(userId: string): Promise<boolean>;
}

/** The tombstone names the account only by this hash once the erasure finished. */
export const erasedAccountKey = (userId: string) => createHash("sha256").update(`erased:${userId}`).digest("hex");

/**
 * How long a tombstone outlives the erasure: past the scan slot's lease (2 h), the longest any
 * execution of the account can still be running, with a wide margin.
 */
export const TOMBSTONE_DAYS = 7;

/**
 * An erasure begun longer ago than this and unfinished was interrupted: the longest a function runs
 * (Lambda's 15 minutes) is over. A younger one may still be running; resuming it too would only
 * delete twice (every step is idempotent), but it is left to finish.
 */
export const ERASURE_RESUME_AFTER_MS = 15 * 60_000;
