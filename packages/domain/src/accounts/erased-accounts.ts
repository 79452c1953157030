import { createHash } from "node:crypto";

/**
 * Tombstones of erased accounts. Erasure marks the account before it deletes anything; every scan
 * step asks before it writes, so a scan running when the account went records nothing more.
 */
export interface ErasedAccounts {
  mark(userId: string, at: Date): Promise<void>;
  isErased(userId: string): Promise<boolean>;
}

/** The tombstone names the account only by this hash: it must not be a record of the person. */
export const erasedAccountKey = (userId: string) => createHash("sha256").update(`erased:${userId}`).digest("hex");

/**
 * How long a tombstone outlives the erasure: past the scan slot's lease (2 h), the longest any
 * execution of the account can still be running, with a wide margin.
 */
export const TOMBSTONE_DAYS = 7;
