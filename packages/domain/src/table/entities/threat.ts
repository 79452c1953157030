import { z } from "zod";
import { SEVERITIES, THREAT_TYPES, ThreatClassification } from "../../threats/classification-schema.js";
import { MATCH_LIMITS } from "../../threats/match-band.js";
import { accountGroupOf } from "../../threats/poster-keys.js";
import { confidenceKey, severityRank } from "../../threats/threat-keys.js";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";
import { NoticeStatus } from "./takedown-notice.js";

export const ThreatType = z.enum(THREAT_TYPES);
export const ThreatStatus = z.enum(["active", "false_positive", "takedown_requested", "removed", "dismissed"]);
export const SyntheticVerdict = z.enum(["synthetic", "possibly-synthetic", "no-evidence", "unknown"]);

/** A detected misuse of a protected person's likeness (spec section 3 'Threat'). */
export const Threat = defineEntity({
  name: "Threat",
  description:
    "A detected use of a protected likeness, typed by its evidence (deepfake, voice clone, impersonation, likeness used without consent, intimate imagery), with its evidence hash.",
  schema: z.object({
    userId: z.string().min(1),
    id: z.string().min(1),
    personId: z.string().min(1),
    threatType: ThreatType,
    confidence: z.number().min(0).max(100),
    platform: z.string(),
    contentType: z.string().optional(),
    url: z.string(),
    title: z.string().optional(),
    status: ThreatStatus,
    /** The status a false positive or dismissal replaced: what undo restores. */
    previousStatus: ThreatStatus.optional(),
    mediaSha256: z.string(),
    perceptualHash: z.string().optional(),
    evidenceData: z.object({ hash: z.string(), manifestKey: z.string(), capturedAt: isoDate }).optional(),
    detection: z.record(z.string(), z.unknown()).default({}),
    /**
     * The evidence behind `threatType`, title and severity (threats/classification-schema.ts). A threat
     * stored before it is rewritten with one by the after-deploy threat migration, the only reader of
     * the older shape (threats/threat-migration.ts).
     */
    classification: ThreatClassification,
    sightings: z.array(z.object({ url: z.string(), seenAt: isoDate })).default([]),
    // Listing fields, copied from the evidence when the threat is written (threats/threat-listing-fields.ts),
    // so the list filters, sorts and searches on plain attributes.
    severity: z.enum(SEVERITIES).optional(),
    syntheticVerdict: SyntheticVerdict.optional(),
    /** What about the face held its match below the calibrated reading (classification.likeness.limitedBy). */
    matchLimitedBy: z.array(z.enum(MATCH_LIMITS)).optional(),
    /**
     * The person disputed the "possibly synthetic" label (and only it: the likeness finding stands).
     * Once set, nothing calls the media synthetic; the classification keeps what the detectors read.
     */
    labelDispute: z.object({ label: z.literal("possibly-synthetic"), at: isoDate, by: z.string().min(1) }).optional(),
    /** The account that posted it (or the impersonating handle), as the platform spells it. */
    account: z.string().optional(),
    /** Same picture found as several threats (content or perceptual hash): the first one's media hash. */
    mediaGroup: z.string().optional(),
    /**
     * The account group of another poster this one was found to be (threats/poster-keys.ts: the same
     * bio link, or the same handle and avatar, on another platform); absent: its own poster's.
     */
    accountGroup: z.string().optional(),
    /** What identifies its poster (threats/poster-keys.ts), each also a ThreatPosterKey item. */
    posterKeys: z.array(z.string()).optional(),
    /** Title, URL and account, normalised for substring search. */
    searchText: z.string().optional(),
    createdAt: isoDate,
    updatedAt: isoDate,
    removedAt: isoDate.optional(),
    /**
     * Where the threat's latest notice past draft stands, copied from the notice at each of its
     * transitions (takedowns/threat-takedown.ts), so the list shows it without reading notices.
     * `changedAt` orders copies of one notice; a newer notice (`noticeCreatedAt`) replaces an older one's.
     */
    takedown: z
      .object({
        noticeId: z.string().min(1),
        state: NoticeStatus.exclude(["draft"]),
        noticeCreatedAt: isoDate,
        changedAt: isoDate,
        sentAt: isoDate.optional(),
        filedAt: isoDate.optional(),
      })
      .optional(),
    /** Its ThreatHashBand keys are written (new threats: always; older ones: once the after-deploy backfill ran). */
    hashBandsKeyed: z.boolean().optional(),
  }),
  primary: { pk: "USER#{userId}", sk: "THREAT#{id}" },
  // Sort ranks and group keys, named in the index templates as if they were attributes.
  derive: (t) => ({
    mediaGroupKey: t.mediaGroup ?? t.mediaSha256,
    listedAccountGroup: accountGroupOf(t),
    confidenceKey: confidenceKey(t.confidence),
    severityRank: severityRank(t.severity ?? t.classification.severity),
  }),
  indexes: {
    // Members of one media group, newest first (one picture found as several threats).
    gsi1: { pk: "USER#{userId}#GROUP#media#{mediaGroupKey}", sk: "{createdAt}#{id}" },
    // The account's list newest first; gsi3 by confidence, gsi4 by severity (then confidence).
    gsi2: { pk: "USER#{userId}#THREATS", sk: "{createdAt}#{id}" },
    gsi3: { pk: "USER#{userId}#THREATS", sk: "{confidenceKey}#{createdAt}#{id}" },
    gsi4: { pk: "USER#{userId}#THREATS", sk: "{severityRank}#{confidenceKey}#{createdAt}#{id}" },
    // Members of one account group (sparse: threats whose poster is unknown are in no account group).
    gsi5: {
      pk: "USER#{userId}#GROUP#account#{listedAccountGroup}",
      sk: "{createdAt}#{id}",
    },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: { gsi5: (t) => accountGroupOf(t) !== undefined },
  accessPatterns: [
    "Get one threat by id for details, status change or DMCA (ids derive from the media hash, so this also finds the threat for known media)",
    "List a user's threats newest first, a page at a time from a cursor (gsi2)",
    "List a user's threats by confidence; a confidence band is a key range of it (gsi3)",
    "List a user's threats by severity, then confidence (gsi4)",
    "Filter a page by status, type, platform, band, synthetic verdict or person, or search title/URL/account: a filter on the chosen order's index partition, at most 400 items read per page",
    "List the members of one media group, newest first, to show or act on the group (gsi1)",
    "List the members of one account group, newest first, to show or act on the group (gsi5)",
  ],
  notes: [
    "Text search is a `contains` filter on `searchText` (title, URL and account, lower-cased, accents folded) within the account's own index partition, not a search index: a page reads at most 400 threats (`PAGE_READ_BUDGET`) and answers with what matched, so a rare term may take several pages (each within the page time goal) to collect 25 hits. An account with far more threats than 10,000, or search as the main way in, would call for a search service (OpenSearch) fed from the table.",
    "Counts (ThreatCounters) and groups (ThreatGroup) are updated right after each threat write, not in one transaction with it (the local stand-in has none): a writer that dies between the two leaves a count off by one until `countFromThreats` recounts the account (delete the ThreatCounters item; the next read recounts).",
    "DynamoDB adds one global secondary index per table update: a table deployed before gsi3-gsi5 existed needs one deploy per new index. Threats stored before these keys existed get them, and their groups, from the threat migration, which runs after every deploy (lambdas/src/migrations/after-deploy.ts); locally, the stack rebuilds an older table with every index at start, keeping its items (local/src/stand-ins/dynamodb.ts).",
  ],
});
