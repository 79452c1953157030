import type { z } from "zod";
import type { ThreatCounters, ThreatGroup } from "../table/entities.js";
import type { ThreatGroupKind } from "./threat-keys.js";
import type { ResumeKey, ThreatFilters, ThreatOrder } from "./threat-list-query.js";
import type { ThreatRecord } from "./threat-ports.js";

export type ThreatGroupRecord = z.infer<typeof ThreatGroup.schema>;
export type ThreatCountersRecord = z.infer<typeof ThreatCounters.schema>;

/**
 * What a list row reads of a threat: its listing fields, never the detection data or classification
 * (the bulk of an item), which only the details need.
 */
export const LISTED_THREAT_ATTRIBUTES = [
  "userId",
  "id",
  "personId",
  "threatType",
  "confidence",
  "platform",
  "contentType",
  "url",
  "title",
  "status",
  "mediaSha256",
  "mediaGroup",
  "account",
  "accountGroup",
  "severity",
  "syntheticVerdict",
  "matchLimitedBy",
  "labelDispute",
  "evidenceData",
  "sightings",
  "createdAt",
  "updatedAt",
  "removedAt",
  "takedown",
] as const;
export type ListedThreat = Pick<ThreatRecord, (typeof LISTED_THREAT_ATTRIBUTES)[number]>;

export interface ThreatPage<T> {
  items: T[];
  /** Where the next page starts; absent at the end. */
  resumeKey?: ResumeKey;
}

/**
 * Reads of one account's threats as the list needs them: a page per request, each bounded in what
 * it reads, so a page costs the same at the 10th or the 400th page and whatever the filters.
 */
export interface ThreatListing {
  /** A page in `order`, at most `limit` items, resumed from `resumeKey`; may hold fewer when filtered. */
  page(input: {
    userId: string;
    order: ThreatOrder;
    filters: ThreatFilters;
    limit: number;
    resumeKey?: ResumeKey;
  }): Promise<ThreatPage<ListedThreat>>;
  /** Groups of one kind, latest activity first. */
  groupPage(input: {
    userId: string;
    kind: ThreatGroupKind;
    filters: Pick<ThreatFilters, "statuses" | "platforms" | "text">;
    limit: number;
    resumeKey?: ResumeKey;
  }): Promise<ThreatPage<ThreatGroupRecord>>;
  getGroup(userId: string, kind: ThreatGroupKind, key: string): Promise<ThreatGroupRecord | null>;
  /** Member ids of one group, newest first (all of them when `limit` is absent). */
  groupMemberIds(userId: string, kind: ThreatGroupKind, key: string, limit?: number): Promise<string[]>;
  /** The newest members of one group, as list rows. */
  latestGroupMembers(userId: string, kind: ThreatGroupKind, key: string, limit: number): Promise<ListedThreat[]>;
  getMany(userId: string, ids: string[]): Promise<ThreatRecord[]>;
  /** The account's maintained counts (counted from the stored threats once if never kept before). */
  counters(userId: string): Promise<ThreatCountersRecord>;
  /** True when a resume key can only have come from this account's `order` (else a forged cursor). */
  ownsResumeKey(userId: string, source: ThreatOrder | ThreatGroupKind, key: ResumeKey): boolean;
}
