import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** The sparse index partition of erasures begun and not finished (ErasedAccount, gsi2). */
export const UNFINISHED_ERASURES_PARTITION = "ERASURES#UNFINISHED";

/**
 * The mark an erased account leaves: scans still in flight when it went check it before they write,
 * so nothing is recorded for the person again. Keyed by a hash; while the erasure runs it also names
 * the account (id, sign-in name) so an interrupted erasure is resumed, and once it finishes it names
 * nobody and is gone by TTL long after any execution could still run.
 */
export const ErasedAccount = defineEntity({
  name: "ErasedAccount",
  description:
    "An erased account's tombstone (SHA-256 of its id): scan steps refuse to write for it; names the account only until its erasure finishes (an interrupted one is resumed from it); expires by TTL after any scan could end.",
  schema: z.object({
    userIdHash: z.string().min(1),
    erasedAt: isoDate,
    /** Only while the erasure is unfinished: what resuming it needs. */
    unfinishedUserId: z.string().min(1).optional(),
    unfinishedUsername: z.string().min(1).optional(),
    finishedAt: isoDate.optional(),
    /** Set once the erasure finished: an unfinished one must not expire before it is resumed. */
    expiresAt: epochSeconds.optional(),
  }),
  primary: { pk: "ERASED#{userIdHash}", sk: "ERASED" },
  indexes: {
    // Sparse: only erasures that have not finished, oldest first, for the resume job.
    gsi2: {
      pk: UNFINISHED_ERASURES_PARTITION,
      sk: "{erasedAt}#{userIdHash}",
    },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: { gsi2: (e) => Boolean(e.unfinishedUserId) },
  ttl: true,
  accessPatterns: [
    "Refuse a scan's writes for an account erased while it ran (get by key before each write)",
    "Find erasures a crash interrupted, oldest first, to finish them (gsi2, sparse)",
  ],
});
