import { z } from "zod";
import { SEVERITIES, THREAT_TYPES, ThreatClassification } from "../threats/classification.js";
import { accountGroupOf } from "../threats/poster-keys.js";
import {
  confidenceSortKey,
  groupListPartition,
  groupMemberPartition,
  newestSortKey,
  severitySortKey,
  threatListPartition,
} from "../threats/threat-keys.js";
import { defineEntity } from "./entity.js";
import { FACE_CLAIM_ENTITIES } from "./face-claim-entities.js";
import { INTEGRATION_ENTITIES } from "./integration-entities.js";
import { REGISTERED_IMAGE_ENTITIES } from "./registered-image-entities.js";

const isoDate = z.string().datetime({ offset: true });
const epochSeconds = z.number().int().nonnegative();

export const MembershipTier = z.enum(["personal", "professional", "enterprise"]);
export type MembershipTier = z.infer<typeof MembershipTier>;

export const ThreatType = z.enum(THREAT_TYPES);
export const ThreatStatus = z.enum(["active", "false_positive", "takedown_requested", "removed", "dismissed"]);
export const SyntheticVerdict = z.enum(["synthetic", "possibly-synthetic", "no-evidence", "unknown"]);

/** A signed-up person: the spec's profile fields plus tier and enrolment state. */
export const UserProfile = defineEntity({
  name: "UserProfile",
  description: "The account holder's profile, preferences and tier (spec section 3 'Profile').",
  schema: z.object({
    userId: z.string().min(1),
    /** The identity provider's username, needed to delete the sign-in account with the profile. */
    username: z.string().optional(),
    email: z.string().email().optional(),
    phone: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    dateOfBirth: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    occupation: z.string().optional(),
    bio: z.string().optional(),
    aliases: z.array(z.string()).default([]),
    handles: z.array(z.string()).default([]),
    ownAccounts: z.array(z.string()).default([]),
    membershipTier: MembershipTier.default("personal"),
    platforms: z.array(z.string()).default([]),
    scanFrequency: z.enum(["hourly", "daily", "weekly"]).default("weekly"),
    autoTakedown: z.boolean().default(false),
    scanPreferences: z
      .object({ socialMedia: z.boolean(), forums: z.boolean(), adultSites: z.boolean(), darkWeb: z.boolean() })
      .partial()
      .default({}),
    notificationSettings: z.record(z.string(), z.unknown()).default({}),
    privacySettings: z
      .object({ zeroKnowledge: z.boolean(), anonymousAnalytics: z.boolean(), legalReportSharing: z.boolean() })
      .partial()
      .default({}),
    dataExpiryDays: z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(-1)]).optional(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
  primary: { pk: (u) => `USER#${u.userId}`, sk: () => "PROFILE" },
  accessPatterns: ["Get a user's profile by user id", "Update preferences, tier and privacy settings"],
});

/** The biometric consent a person gave before any face or voice was taken. */
export const BiometricConsent = defineEntity({
  name: "BiometricConsent",
  description: "A consent to biometric processing: its text version and when it was given or withdrawn.",
  schema: z.object({
    userId: z.string().min(1),
    version: z.string().min(1),
    givenAt: isoDate,
    withdrawnAt: isoDate.optional(),
  }),
  primary: { pk: (c) => `USER#${c.userId}`, sk: (c) => `CONSENT#${c.version}` },
  accessPatterns: ["Check the current consent before any biometric endpoint", "List a user's consents for export"],
});

/** An enrolled face or voice sample: the encrypted embedding and where the raw sample lives. */
export const BiometricSample = defineEntity({
  name: "BiometricSample",
  description: "One enrolled face or voice sample: envelope-encrypted embedding plus raw-object key.",
  schema: z.object({
    userId: z.string().min(1),
    personId: z.string().min(1),
    modality: z.enum(["face", "voice"]),
    sampleId: z.string().min(1),
    // zero-knowledge: analysed in the person's browser; no raw object, numbers as the browser reported them.
    source: z.enum(["upload", "live-capture", "zero-knowledge"]),
    // Verified only when the server itself checked it (biometrics/enrolment-verification.ts); a
    // client-reported (zero-knowledge) sample or an uploaded recording is never, whatever it claims.
    verified: z.boolean(),
    // A face is verified by the server's live check ("live-check", with the challenge it answered), or
    // by matching such a capture; "server-checked-capture" is the capture check before it, which three
    // still photos passed, so a face verified that way is demoted after deploy (live-check-demotion.ts).
    // A voice's live recording is still "server-checked-capture".
    verifiedBy: z
      .enum(["live-check", "matches-live-check", "server-checked-capture", "matches-server-checked-capture"])
      .optional(),
    liveCheckId: z.string().optional(),
    // A face verification the live check's introduction withdrew: the sample is kept, unverified and
    // unsearched, until a live check of the same face vouches for it again (which clears these).
    verificationLapsed: z.enum(["predates-live-check"]).optional(),
    verificationLapsedAt: isoDate.optional(),
    objectKey: z.string().optional(),
    encryptedEmbedding: z.string(),
    encryptedDataKey: z.string(),
    // The network that computed the embedding (face: "sface-2021dec"); absent on face samples stored
    // before the field, which were face-api's (biometrics/embedding-models.ts). Only like is compared with like.
    embeddingModel: z.string().optional(),
    quality: z.record(z.string(), z.unknown()).default({}),
    // The file's SHA-256 and (photos) perceptual hash, as scans hash found media: a found copy of this
    // very file is what a copyright claim may name (notices/original-match.ts). Absent on samples
    // enrolled before, and on zero-knowledge ones (the server never had the bytes).
    mediaSha256: z.string().optional(),
    perceptualHash: z.string().optional(),
    // A live capture whose face is already verified on another account: kept unverified until reviewed.
    // "challenged": a verified face another account's live check also passed, while both are asked
    // to pass it again (biometrics/face-review.ts): still searched, its notices blocked.
    reviewStatus: z.enum(["pending", "challenged"]).optional(),
    reviewId: z.string().optional(),
    createdAt: isoDate,
    deleteAfter: isoDate.optional(),
    expiresAt: epochSeconds.optional(),
  }),
  primary: {
    pk: (s) => `USER#${s.userId}`,
    sk: (s) => `BIOMETRIC#${s.personId}#${s.modality}#${s.sampleId}`,
  },
  indexes: {
    // Sparse: the frontal frame of each capture held for review because its face was already
    // verified on another account (which the gallery answers, gallery/gallery-face-register.ts).
    gsi2: {
      pk: (s) => {
        if (s.modality !== "face" || s.source !== "live-capture" || s.quality.pose !== "front") return "";
        return s.reviewStatus === "pending" ? FACE_REVIEW_PARTITION : "";
      },
      sk: (s) => `${s.createdAt}#${s.userId}#${s.sampleId}`,
    },
  },
  ttl: true,
  accessPatterns: [
    "List a person's face and voice samples for matching",
    "Delete all of a user's biometrics",
    "List live captures held for review (gsi2, sparse)",
  ],
});

export const FACE_REVIEW_PARTITION = "FACE#REVIEW";

/**
 * A message the service owed one person about a change made for everyone (an after-deploy step),
 * recorded once it went, so a rerun of the step does not send it again.
 */
export const AccountMessageSent = defineEntity({
  name: "AccountMessageSent",
  description:
    "A one-off message sent to a person about a change to their account made by an after-deploy step (face-reverify: their face's verification predates the live check), by which channel and when.",
  schema: z.object({
    userId: z.string().min(1),
    message: z.enum(["face-reverify"]),
    channel: z.enum(["email", "sms"]),
    sentAt: isoDate,
  }),
  primary: { pk: (m) => `USER#${m.userId}`, sk: (m) => `MESSAGE#${m.message}` },
  accessPatterns: ["Tell a person once that their face must be verified again (after deploy)"],
});

/** A live capture's challenge: the poses and timing the server asked for, usable once and briefly. */
export const LivenessChallengeItem = defineEntity({
  name: "LivenessChallenge",
  description:
    "A server-issued live-capture challenge (biometrics/liveness-challenge.ts): random pose order and timing, a random screen-colour sequence, bound to the account and the session's hash, deleted when answered.",
  schema: z.object({
    challengeId: z.string().min(1),
    userId: z.string().min(1),
    sessionHash: z.string().min(1),
    windows: z.array(z.object({ pose: z.enum(["front", "left", "right"]), startMs: z.number(), endMs: z.number() })),
    colours: z.array(
      z.object({
        colour: z.enum(["red", "green", "blue", "yellow", "cyan", "magenta"]),
        startMs: z.number(),
        endMs: z.number(),
      }),
    ),
    issuedAt: isoDate,
    validUntil: isoDate,
    // DynamoDB TTL clears challenges never answered.
    expiresAt: epochSeconds,
  }),
  primary: { pk: (c) => `USER#${c.userId}`, sk: (c) => `LIVENESS#${c.challengeId}` },
  ttl: true,
  accessPatterns: ["Take (get and delete at once) the challenge a capture answers"],
});

/** A person under protection: the account holder themself, or (enterprise) an executive. */
export const ProtectedPerson = defineEntity({
  name: "ProtectedPerson",
  description:
    "A protected identity belonging to an account (tier limits the count): an invited person, their invitation (its token stored as SHA-256 only) and, once accepted, their own user id (docs/people.md).",
  schema: z.object({
    userId: z.string().min(1),
    personId: z.string().min(1),
    displayName: z.string(),
    aliases: z.array(z.string()).default([]),
    handles: z.array(z.string()).default([]),
    createdAt: isoDate,
    /** Where the invitation went (email address or E.164 phone number). */
    contact: z.object({ channel: z.enum(["email", "sms"]), address: z.string() }).optional(),
    invitedBy: z.string().optional(),
    invitationTokenHash: z.string().optional(),
    invitationExpiresAt: isoDate.optional(),
    /** The invitee's own user, whose consent and samples (in their partition) the account's scans use. */
    memberUserId: z.string().optional(),
    acceptedAt: isoDate.optional(),
    withdrawnAt: isoDate.optional(),
  }),
  primary: { pk: (p) => `USER#${p.userId}`, sk: (p) => `PERSON#${p.personId}` },
  accessPatterns: [
    "List protected people of an account for a scan",
    "Accept an invitation by the account and person ids its token names (conditional update, single use)",
  ],
});

/** The invitee's side of a protection: which account protects them, so they can see and end it. */
export const PersonProtection = defineEntity({
  name: "PersonProtection",
  description:
    "In a protected person's own partition: an account that protects them by invitation, and whether they withdrew.",
  schema: z.object({
    memberUserId: z.string().min(1),
    accountId: z.string().min(1),
    personId: z.string().min(1),
    /** The account's name as the invitation showed it. */
    accountName: z.string(),
    acceptedAt: isoDate,
    withdrawnAt: isoDate.optional(),
  }),
  primary: { pk: (p) => `USER#${p.memberUserId}`, sk: (p) => `PROTECTEDBY#${p.accountId}#${p.personId}` },
  accessPatterns: ["List the accounts that protect a person, to show and withdraw"],
});

/** One scan run of one user. */
export const Scan = defineEntity({
  name: "Scan",
  description: "A scan execution: trigger, progress counters and outcome.",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    trigger: z.enum(["schedule", "force"]),
    status: z.enum(["running", "succeeded", "failed"]),
    executionArn: z.string().optional(),
    platforms: z.array(z.string()).default([]),
    itemsScanned: z.number().int().default(0),
    threatsFound: z.number().int().default(0),
    /**
     * What each platform's recording found, written as it finishes (keyed by platform, so a retried
     * recording overwrites its own entry): the live progress of a running scan.
     */
    platformProgress: z
      .record(z.string(), z.object({ items: z.number().int(), threats: z.number().int() }))
      .default({}),
    /** A stored face this scan did not search for, and why, said in its outcome (scanning/not-searched.ts). */
    notSearched: z.object({ face: z.string().optional() }).optional(),
    startedAt: isoDate,
    finishedAt: isoDate.optional(),
  }),
  primary: { pk: (s) => `USER#${s.userId}`, sk: (s) => `SCAN#${s.scanId}` },
  accessPatterns: ["Show the latest scan and its progress", "Count sites scanned for stats"],
});

/** Leading key of every MediaFinding: the only partition the scan's analyse task may write. */
export const FINDING_PARTITION_PREFIX = "FINDING#";

/** What detection found in one media file during one scan, so identical bytes are analysed once per scan. */
export const MediaFinding = defineEntity({
  name: "MediaFinding",
  description:
    "A scan's detection finding for one media file by content hash, shared by the scan's workers; expires by TTL.",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    mediaSha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The finding as JSON: the full detection result matched media keep as evidence. */
    finding: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  // A partition of its own, so the task that analyses untrusted media may write findings and nothing else
  // (IAM dynamodb:LeadingKeys); account erasure deletes it with the user's partition.
  primary: {
    pk: (f) => `${FINDING_PARTITION_PREFIX}${f.userId}`,
    sk: (f) => `SCAN#${f.scanId}#SHA256#${f.mediaSha256}`,
  },
  ttl: true,
  accessPatterns: ["Reuse a scan's finding for media already analysed on another platform or item (same content hash)"],
});

/**
 * What analysing one item of a scan found (its threat candidates), kept here rather than in the
 * workflow's state: candidates carry the person's name (titles, the protected name an impersonator
 * imitates), and Step Functions keeps execution history for up to 90 days after the person is erased.
 */
export const ScanItemOutcome = defineEntity({
  name: "ScanItemOutcome",
  description:
    "The threat candidates analysing one item of a scan found, handed to the scan's record step by key instead of through the workflow's state; expires by TTL.",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    /** SHA-256 of the item's URL (and kind), so a retried analysis overwrites its own outcome. */
    itemKey: z.string().regex(/^[0-9a-f]{64}$/),
    /** The item's outcome as JSON: its URL and candidates. */
    outcome: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  // Beside the scan's findings: the task analysing untrusted media may write this partition only.
  primary: {
    pk: (o) => `${FINDING_PARTITION_PREFIX}${o.userId}`,
    sk: (o) => `SCAN#${o.scanId}#ITEM#${o.itemKey}`,
  },
  ttl: true,
  accessPatterns: ["Hand one analysed item's threat candidates to the scan's record step by key"],
});

/** A takedown notice's state: `draft` until a channel accepted it or it waits to be filed. */
export const NoticeStatus = z.enum([
  "draft",
  "filing_needed",
  "filed",
  "sent",
  "acknowledged",
  "rejected",
  "removed",
  "deadline_passed",
  "escalated",
  "closed",
]);

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
    /** The evidence behind `threatType`, title and severity (threats/classification.ts). */
    classification: ThreatClassification.optional(),
    sightings: z.array(z.object({ url: z.string(), seenAt: isoDate })).default([]),
    // Listing fields, copied from the evidence when the threat is written (threats/threat-listing-fields.ts),
    // so the list filters, sorts and searches on plain attributes.
    severity: z.enum(SEVERITIES).optional(),
    syntheticVerdict: SyntheticVerdict.optional(),
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
  primary: { pk: (t) => `USER#${t.userId}`, sk: (t) => `THREAT#${t.id}` },
  indexes: {
    // Members of one media group, newest first (one picture found as several threats).
    gsi1: { pk: (t) => groupMemberPartition(t.userId, "media", t.mediaGroup ?? t.mediaSha256), sk: newestSortKey },
    // The account's list newest first; gsi3 by confidence, gsi4 by severity (then confidence).
    gsi2: { pk: (t) => threatListPartition(t.userId), sk: newestSortKey },
    gsi3: { pk: (t) => threatListPartition(t.userId), sk: confidenceSortKey },
    gsi4: {
      pk: (t) => threatListPartition(t.userId),
      sk: (t) =>
        severitySortKey({
          severity: t.severity ?? t.classification?.severity ?? "low",
          confidence: t.confidence,
          createdAt: t.createdAt,
          id: t.id,
        }),
    },
    // Members of one account group (sparse: threats whose poster is unknown are in no account group).
    gsi5: {
      pk: (t) => {
        const group = accountGroupOf(t);
        return group ? groupMemberPartition(t.userId, "account", group) : "";
      },
      sk: newestSortKey,
    },
  },
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

/** One band of a threat's perceptual hash: the key a scan finds the threat's near-duplicates by. */
export const ThreatHashBand = defineEntity({
  name: "ThreatHashBand",
  description:
    "One of the 7 near-duplicate keys of a threat that has a 64-bit perceptual hash: the hash cut into 7 bands (scanning/near-duplicate-bands.ts), each key naming its band's position and value. Two hashes at most 6 bits apart share at least one band, so a scan finds every stored near-duplicate of a finding under the finding's own 7 keys.",
  schema: z.object({
    userId: z.string().min(1),
    /** Band position and value, e.g. `3.1f2`. */
    band: z.string().min(1),
    threatId: z.string().min(1),
    perceptualHash: z.string(),
  }),
  primary: { pk: (b) => `USER#${b.userId}`, sk: (b) => `PHASH#${b.band}#${b.threatId}` },
  accessPatterns: [
    "Find the stored threats that may be near-duplicates of a scan's finding: one query per band of its perceptual hash (begins_with `PHASH#<band>#`), then the Hamming distance of the full hashes decides; the same media is the threat's own key (ids derive from the media hash), read with BatchGet",
  ],
  notes: [
    "Written before their threat (so a threat never exists unfindable; a key whose threat was never written points at nothing and is ignored). The threat's conditional put decides between two scans recording the same media at once; two different but near-identical pictures recorded at the same moment by two scans can still become two threats of one media group.",
    "Threats recorded before these keys existed get them from the after-deploy backfill (`backfillNearDuplicateKeys`), which keys each threat with a perceptual hash and no `hashBandsKeyed` once.",
  ],
});

/** One thing that identifies a threat's poster: how a scan finds the group an account on another platform is in. */
export const ThreatPosterKey = defineEntity({
  name: "ThreatPosterKey",
  description:
    "One key of a threat's poster (threats/poster-keys.ts): its handle on its platform, an external link in its bio, or its handle's skeleton with its avatar's SHA-256, naming the account group the threat was put in. A later threat whose poster shares a key joins that group, so one impersonator's accounts on several platforms are one group.",
  schema: z.object({
    userId: z.string().min(1),
    key: z.string().min(1),
    threatId: z.string().min(1),
    accountGroup: z.string().min(1),
    createdAt: isoDate,
  }),
  primary: { pk: (k) => `USER#${k.userId}`, sk: (k) => `POSTER#${k.key}#${k.threatId}` },
  accessPatterns: [
    "Find the account groups of stored threats sharing a key with a new finding's poster: one query per key (begins_with `POSTER#<key>#`); the oldest threat's group wins",
  ],
  notes: [
    "Written before their threat, like ThreatHashBand; a key whose threat was never written names a group nobody is in yet, which the next threat of that poster fills. Threats recorded before these keys existed stay in their own poster's group.",
  ],
});

/** One group of threats (same media, or one posting account): counts kept as members are written. */
export const ThreatGroup = defineEntity({
  name: "ThreatGroup",
  description:
    "A group of one account's threats (the same media found as several threats, or everything one account posted), with member counts per status maintained on every threat write.",
  schema: z.object({
    userId: z.string().min(1),
    kind: z.enum(["media", "account"]),
    key: z.string().min(1),
    label: z.string().optional(),
    platform: z.string().optional(),
    /** The label, normalised for substring search. */
    searchText: z.string().optional(),
    count: z.number().int().default(0),
    n_active: z.number().int().default(0),
    n_false_positive: z.number().int().default(0),
    n_dismissed: z.number().int().default(0),
    n_takedown_requested: z.number().int().default(0),
    n_removed: z.number().int().default(0),
    latestAt: isoDate,
    latestThreatId: z.string(),
  }),
  primary: { pk: (g) => `USER#${g.userId}`, sk: (g) => `TGROUP#${g.kind}#${g.key}` },
  indexes: { gsi2: { pk: (g) => groupListPartition(g.userId, g.kind), sk: (g) => `${g.latestAt}#${g.key}` } },
  accessPatterns: [
    "List an account's groups of one kind, latest activity first, with counts; a status filter reads the counts (gsi2)",
  ],
});

/** The account's threat figures, raised and lowered with every threat write: what stats read. */
export const ThreatCounters = defineEntity({
  name: "ThreatCounters",
  description:
    "One item per account: threats in total, per status and per day of detection, and the active threats' summed confidence, kept by the threat repository's writes; the stats endpoint and the list's total read it instead of the threats.",
  schema: z.object({
    userId: z.string().min(1),
    total: z.number().int().default(0),
    n_active: z.number().int().default(0),
    n_false_positive: z.number().int().default(0),
    n_dismissed: z.number().int().default(0),
    n_takedown_requested: z.number().int().default(0),
    n_removed: z.number().int().default(0),
    /** Sum of the active threats' confidence (protection score: each costs 5 + confidence/10). */
    activeConfidenceSum: z.number().default(0),
    /** Threats detected per UTC day (YYYY-MM-DD). */
    byDay: z.record(z.string(), z.number().int()).default({}),
    /** When the counters were first counted from the stored threats. */
    countedAt: isoDate,
  }),
  primary: { pk: (c) => `USER#${c.userId}`, sk: () => "THREATCOUNTERS" },
  accessPatterns: ["Read an account's threat counts for stats and the list's total (one get)"],
});

/** An append-only record of a threat's status changes. */
export const ThreatAuditEntry = defineEntity({
  name: "ThreatAuditEntry",
  description: "Audit trail entry for a threat: who changed what, when.",
  schema: z.object({
    userId: z.string().min(1),
    threatId: z.string().min(1),
    at: isoDate,
    /** The person's user id, or "scanner" / "system". */
    actor: z.string(),
    actorKind: z.enum(["user", "scanner", "system"]).optional(),
    action: z.string(),
    from: z.string().optional(),
    to: z.string().optional(),
    /** Part of a bulk or group action. */
    bulk: z.boolean().optional(),
    /** Keeps two entries of one threat in the same millisecond apart. */
    entryId: z.string().optional(),
  }),
  primary: {
    pk: (a) => `USER#${a.userId}`,
    sk: (a) => `AUDIT#${a.threatId}#${a.at}${a.entryId ? `#${a.entryId}` : ""}`,
  },
  accessPatterns: ["Show the audit trail of a threat"],
});

/** A takedown notice sent (or prepared) for a threat, tracked until removal or deadline. */
export const TakedownNotice = defineEntity({
  name: "TakedownNotice",
  description:
    "A takedown notice (DMCA, TAKE IT DOWN, DSA, platform report): its statements, delivery state (sent only when accepted; filing needed for web forms) and tracking.",
  schema: z.object({
    userId: z.string().min(1),
    noticeId: z.string().min(1),
    threatId: z.string().min(1),
    route: z.enum(["dmca", "take_it_down", "dsa_article_16", "platform_report"]),
    recipient: z.string(),
    content: z.string(),
    // filing_needed: a web-form channel, waiting for the person to submit it; filed: they say they did.
    // acknowledged / rejected: what the platform answered, as the person reported it; closed: the person ended the case.
    status: NoticeStatus,
    /** How it leaves: mailed by us (sent only once SES accepted it) or a form the person files. */
    channel: z.enum(["email", "web_form"]).optional(),
    formUrl: z.string().optional(),
    /** The notice split into the form's fields, to paste one by one. */
    formFields: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
    /** What the person stated under penalty of perjury for this notice, and when (or the standing statement). */
    attestation: z.object({ statements: z.array(z.string()), attestedAt: isoDate, standing: z.boolean() }).optional(),
    /** The enrolled original a copyright (DMCA) notice claims, which the person attested they made or own. */
    copyrightOriginal: z
      .object({ sampleId: z.string(), modality: z.enum(["face", "voice"]), enrolledAt: isoDate })
      .optional(),
    filedAt: isoDate.optional(),
    sentAt: isoDate.optional(),
    deadlineAt: isoDate.optional(),
    nextCheckAt: isoDate.optional(),
    removedAt: isoDate.optional(),
    /** Sent to removal, recorded when tracking sees the content gone (the product's speed figure). */
    timeToRemovalMs: z.number().int().nonnegative().optional(),
    /** The mail provider's id of the sent notice, to find it in delivery logs. */
    messageId: z.string().optional(),
    automatic: z.boolean().default(false),
    /** Where the reported content lives, as the threat had it when the notice was made. */
    platform: z.string().optional(),
    contentUrl: z.string().optional(),
    /** The last re-fetch of the content: when, and what it found (takedowns/recheck.ts). */
    lastCheckedAt: isoDate.optional(),
    lastCheck: z.object({ outcome: z.enum(["gone", "present", "inconclusive"]), reason: z.string() }).optional(),
    closedAt: isoDate.optional(),
    createdAt: isoDate,
  }),
  primary: { pk: (n) => `USER#${n.userId}`, sk: (n) => `NOTICE#${n.noticeId}` },
  indexes: {
    // The takedown centre's list: one person's notices, newest first.
    gsi1: { pk: (n) => `USER#${n.userId}#NOTICES`, sk: (n) => `${n.createdAt}#${n.noticeId}` },
    // Sparse: only open cases with a re-check scheduled appear, ordered by when to re-check them.
    gsi2: {
      pk: (n) => (n.nextCheckAt && TRACKED_NOTICE_STATUSES.has(n.status) ? "TAKEDOWN#TRACKING" : ""),
      sk: (n) => `${n.nextCheckAt ?? ""}#${n.userId}#${n.noticeId}`,
    },
  },
  accessPatterns: [
    "List a threat's notices",
    "List a person's notices newest first, a page at a time (gsi1, takedown centre)",
    "Find notices due for a removal re-check (gsi2)",
  ],
});

/** Delivered and still open: re-checked until the content is gone or the person closes the case. */
export const TRACKED_NOTICE_STATUSES: ReadonlySet<string> = new Set([
  "sent",
  "filed",
  "acknowledged",
  "rejected",
  "deadline_passed",
  "escalated",
]);

/** One step in a notice's life, kept beside it so the takedown centre can show its timeline. */
export const TakedownEvent = defineEntity({
  name: "TakedownEvent",
  description:
    "A takedown notice's timeline event (drafted, sent, filing needed, filed, acknowledged, content re-checked, removed, rejected, deadline passed, escalated, closed) with its time and source.",
  schema: z.object({
    userId: z.string().min(1),
    noticeId: z.string().min(1),
    eventId: z.string().min(1),
    at: isoDate,
    kind: z.enum([
      "drafted",
      "sent",
      "filing_needed",
      "filed",
      "acknowledged",
      "content_rechecked",
      "removed",
      "rejected",
      "deadline_passed",
      "escalated",
      "closed",
    ]),
    /** Who says so: the product, the mail provider accepting, a re-fetch of the content, or the person. */
    source: z.enum(["system", "mail_provider", "recheck", "user"]),
    /** A re-check's finding (gone / present / inconclusive) and why, in plain words. */
    outcome: z.enum(["gone", "present", "inconclusive"]).optional(),
    detail: z.string().max(2000).optional(),
  }),
  // Beside its notice in the person's partition (erased and exported with it), in time order.
  primary: { pk: (e) => `USER#${e.userId}`, sk: (e) => `TAKEDOWNEVENT#${e.noticeId}#${e.at}#${e.eventId}` },
  accessPatterns: ["Show a notice's timeline in time order (takedown centre)"],
});

/** An alert delivered (or queued for a digest) to the user. */
export const Alert = defineEntity({
  name: "Alert",
  description: "An alert about a threat, per channel, with delivery state.",
  schema: z.object({
    userId: z.string().min(1),
    alertId: z.string().min(1),
    threatId: z.string().min(1),
    channel: z.enum(["email", "push", "sms"]),
    status: z.enum(["queued", "sent", "failed"]),
    createdAt: isoDate,
    sentAt: isoDate.optional(),
  }),
  primary: { pk: (a) => `USER#${a.userId}`, sk: (a) => `ALERT#${a.alertId}` },
  indexes: {
    gsi2: { pk: (a) => (a.status === "queued" ? "ALERT#QUEUED" : ""), sk: (a) => `${a.createdAt}#${a.userId}` },
  },
  accessPatterns: ["List alerts of a user", "Collect queued alerts for daily/weekly digests (gsi2)"],
});

/**
 * The one scan a person may have running. Taken by a conditional write (absent, expired, or already
 * this scan's), released by the scan's Finish or by the reconciler when its execution ends otherwise.
 */
export const ScanLock = defineEntity({
  name: "ScanLock",
  description: "Which scan of the person holds the one running-scan slot, until when (a lease against lost releases).",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    acquiredAt: isoDate,
    /** Past this the lock is free even if never released: the backstop for a lost status-change event. */
    leaseUntil: isoDate,
  }),
  primary: { pk: (l) => `USER#${l.userId}`, sk: () => "SCANLOCK" },
  accessPatterns: [
    "Start a scan only when no other scan of the person runs (conditional put)",
    "Release it when the scan ends",
  ],
});

/**
 * The undo link a security change's notice carries to the old contact: who, what changed, what to
 * put back. The link holds the secret; the table only its hash. One use, gone by TTL.
 */
export const AccountChangeUndo = defineEntity({
  name: "AccountChangeUndo",
  description:
    "An undo link sent to the old contact after a sign-in security change (authenticator, email, phone): the secret's SHA-256, what changed and the contact to restore; one use, expires by TTL.",
  schema: z.object({
    userId: z.string().min(1),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    change: z.enum(["mfa-enabled", "mfa-disabled", "email", "phone"]),
    /** The contact the change replaced, put back by the undo. */
    previous: z.string().optional(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: (u) => `USER#${u.userId}`, sk: (u) => `UNDO#${u.secretHash}` },
  ttl: true,
  accessPatterns: ["Undo a security change once from the link sent to the old contact (delete returning the item)"],
});

/**
 * The account's people register: a version every invitation moves once its person is stored. Of
 * invitations checked against the same people at once, only the one that moves it from the version
 * it read goes in; the others look again, now seeing it, so a plan's limit holds under any race.
 */
export const PeopleRegister = defineEntity({
  name: "PeopleRegister",
  description:
    "The version of an account's protected people, moved by one conditional update per invitation, so concurrent invitations cannot all pass the plan's limit.",
  schema: z.object({
    userId: z.string().min(1),
    version: z.number().int().nonnegative(),
  }),
  primary: { pk: (r) => `USER#${r.userId}`, sk: () => "PEOPLEREGISTER" },
  accessPatterns: ["Let one of concurrent invitations in per version of the account's people (conditional update)"],
});

/**
 * The one team a person works on, claimed in their own partition by one conditional write before
 * they join: of two joins at once (two teams' invitations), one takes the seat.
 */
export const TeamSeat = defineEntity({
  name: "TeamSeat",
  description:
    "The team account a person has joined, in their own partition: claimed by a conditional put before joining, so one person is on one team even when two joins race.",
  schema: z.object({
    userId: z.string().min(1),
    accountId: z.string().min(1),
    claimedAt: isoDate,
  }),
  primary: { pk: (s) => `USER#${s.userId}`, sk: () => "TEAMSEAT" },
  accessPatterns: ["Join one team at a time (conditional put), free the seat on leaving"],
});

/**
 * Which subscription a completed checkout made the account's, claimed by one conditional put: of
 * two checkouts paid at once, one is kept and the other is cancelled before it charges again.
 */
export const SubscriptionClaim = defineEntity({
  name: "SubscriptionClaim",
  description:
    "The subscription a completed checkout claimed for the account (conditional put): a second checkout completed while it is live is cancelled, not applied.",
  schema: z.object({
    userId: z.string().min(1),
    subscriptionId: z.string().min(1),
    claimedAt: isoDate,
  }),
  primary: { pk: (c) => `USER#${c.userId}`, sk: () => "SUBSCRIPTIONCLAIM" },
  accessPatterns: ["Complete one checkout per account while its subscription lives (conditional put)"],
});

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
  primary: { pk: (e) => `ERASED#${e.userIdHash}`, sk: () => "ERASED" },
  indexes: {
    // Sparse: only erasures that have not finished, oldest first, for the resume job.
    gsi2: {
      pk: (e) => (e.unfinishedUserId ? UNFINISHED_ERASURES_PARTITION : ""),
      sk: (e) => `${e.erasedAt}#${e.userIdHash}`,
    },
  },
  ttl: true,
  accessPatterns: [
    "Refuse a scan's writes for an account erased while it ran (get by key before each write)",
    "Find erasures a crash interrupted, oldest first, to finish them (gsi2, sparse)",
  ],
});

/** The sparse index partition of alert claims being sent (AlertOwed, gsi2). */
export const ALERT_CLAIMS_PARTITION = "ALERTCLAIMS#SENDING";

/**
 * An alert owed for one recorded threat: written before the threat itself, so a threat that exists
 * always has its alert owed, and a scan that dies after recording still alerts through its reconciler.
 */
export const AlertOwed = defineEntity({
  name: "AlertOwed",
  description:
    "The alert outbox: one item per recorded threat, owed until one message covering it was handed to the channels.",
  schema: z.object({
    userId: z.string().min(1),
    threatId: z.string().min(1),
    scanId: z.string().min(1),
    status: z.enum(["owed", "sending", "sent"]),
    createdAt: isoDate,
    /** When a sender claimed it; a claim older than the claim lease may be taken over. */
    claimedAt: isoDate.optional(),
    sentAt: isoDate.optional(),
  }),
  primary: { pk: (o) => `USER#${o.userId}`, sk: (o) => `ALERTOWED#${o.threatId}` },
  // Claims in flight, across people, by claim time (sparse: only while sending), for the sweeper.
  indexes: {
    gsi2: {
      pk: (o) => (o.status === "sending" ? ALERT_CLAIMS_PARTITION : ""),
      sk: (o) => `${o.claimedAt ?? o.createdAt}#${o.userId}#${o.threatId}`,
    },
  },
  accessPatterns: [
    "Owe an alert for a threat once (conditional put)",
    "List a person's owed alerts and claim each for one sender (conditional update)",
    "Find claims whose sender died past the lease, across people, by claim time (gsi2, sparse)",
  ],
});

/** Why an automatic takedown of a threat sent nothing: what the person is shown, with the step that lets it go. */
export const AutoTakedownOutcome = defineEntity({
  name: "AutoTakedownOutcome",
  description:
    "An automatic takedown that sent nothing for a threat: why (unverified likeness, a basis or form that needs the person, no channel, a refusal) and when; the threat and the takedown centre show it.",
  schema: z.object({
    userId: z.string().min(1),
    threatId: z.string().min(1),
    reason: z.enum(["unverified-likeness", "needs-person", "no-channel", "refused"]),
    /** The reason in the product's words, shown as it is. */
    detail: z.string(),
    /** The likeness to verify, for an unverified-likeness reason. */
    modality: z.enum(["face", "voice"]).optional(),
    platform: z.string(),
    contentUrl: z.string(),
    at: isoDate,
  }),
  primary: { pk: (o) => `USER#${o.userId}`, sk: (o) => `AUTOTAKEDOWN#${o.threatId}` },
  accessPatterns: [
    "Record why a threat's automatic takedown sent nothing (latest replaces earlier)",
    "Read it with the threat; list them in the takedown centre",
  ],
});

/** A browser's Web Push subscription: where to send the user's push alerts, and the keys to encrypt them. */
export const PushSubscription = defineEntity({
  name: "PushSubscription",
  description: "A Web Push subscription of one of the user's browsers (RFC 8030 endpoint, RFC 8291 keys).",
  schema: z.object({
    userId: z.string().min(1),
    /** Derived from the endpoint, so subscribing the same browser again replaces rather than duplicates. */
    subscriptionId: z.string().min(1),
    endpoint: z.string().url(),
    keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
    createdAt: isoDate,
    lastDeliveredAt: isoDate.optional(),
  }),
  primary: { pk: (p) => `USER#${p.userId}`, sk: (p) => `PUSHSUB#${p.subscriptionId}` },
  accessPatterns: [
    "List a user's push subscriptions to deliver a push alert",
    "Delete one subscription (unsubscribe, or the push service answered 404/410)",
  ],
});

/** A signed-in browser session; the cookie holds only the random id, never tokens. */
export const Session = defineEntity({
  name: "Session",
  description: "A server-side session referenced by an httpOnly cookie; expires by TTL.",
  schema: z.object({
    sessionHash: z.string().min(1),
    userId: z.string().min(1),
    refreshToken: z.string().optional(),
    /** When the account behind the session was last confirmed active (epoch seconds). */
    checkedAt: epochSeconds.optional(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: (s) => `SESSION#${s.sessionHash}`, sk: () => "SESSION" },
  indexes: { gsi1: { pk: (s) => `USER#${s.userId}#SESSIONS`, sk: (s) => s.createdAt } },
  ttl: true,
  accessPatterns: ["Resolve a cookie to a user", "Revoke all sessions of a user (gsi1)"],
});

/** A demo profile for the no-login demo; never mixed with real users and expires. */
export const DemoProfile = defineEntity({
  name: "DemoProfile",
  description: "A server-side demo profile per demo type; expires by TTL.",
  schema: z.object({
    demoId: z.string().min(1),
    demoType: MembershipTier,
    profile: z.record(z.string(), z.unknown()),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: (d) => `DEMO#${d.demoId}`, sk: () => "PROFILE" },
  ttl: true,
  accessPatterns: ["Create and read a demo profile"],
});

/** One rate-limit counter: hits of one rule by one (hashed) subject in one fixed window. */
export const RateLimitCounter = defineEntity({
  name: "RateLimitCounter",
  description:
    "Hits of one rate-limit rule by one subject (SHA-256 of the username, phone number or source address) in one window; raised by a conditional update, expires by TTL.",
  schema: z.object({
    key: z.string().min(1),
    windowStart: epochSeconds,
    hits: z.number().int().nonnegative(),
    expiresAt: epochSeconds,
  }),
  primary: { pk: (c) => `RATE#${c.key}`, sk: (c) => `WINDOW#${c.windowStart}` },
  ttl: true,
  accessPatterns: ["Count a sign-in, code, resend, SMS or demo-profile attempt and refuse it past the limit"],
});

/** The account's subscription as the billing provider last reported it: the one source of its tier. */
export const BillingAccount = defineEntity({
  name: "BillingAccount",
  description:
    "An account's subscription as the billing provider's signed webhooks reported it: paid tier, status, period end and a lowering waiting for the period's end.",
  schema: z.object({
    userId: z.string().min(1),
    customerId: z.string().optional(),
    subscriptionId: z.string().optional(),
    /** The tier the subscription pays for now (a pending downgrade is in pendingTier). */
    tier: MembershipTier.optional(),
    status: z.enum([
      "none",
      "trialing",
      "active",
      "past_due",
      "unpaid",
      "canceled",
      "incomplete",
      "incomplete_expired",
    ]),
    currentPeriodEnd: isoDate.optional(),
    trialEnd: isoDate.optional(),
    cancelAtPeriodEnd: z.boolean().default(false),
    /** The tier that takes effect at pendingFrom (a downgrade, or the base tier on cancellation). */
    pendingTier: MembershipTier.optional(),
    pendingFrom: isoDate.optional(),
    /** A trial is given once per account. */
    trialUsed: z.boolean().default(false),
    /** The provider's creation time of the last event applied, so an older event arriving late changes nothing. */
    lastEventAt: epochSeconds.optional(),
    updatedAt: isoDate,
  }),
  primary: { pk: (b) => `USER#${b.userId}`, sk: () => "BILLING" },
  indexes: {
    // Sparse: only accounts with a lowering due, ordered by when; the hourly job applies those past due.
    gsi2: {
      pk: (b) => (b.pendingFrom ? "BILLING#PENDING" : ""),
      sk: (b) => `${b.pendingFrom ?? ""}#${b.userId}`,
    },
  },
  accessPatterns: [
    "Read an account's tier at every profile read (check-at-read of a due downgrade)",
    "Find accounts whose downgrade or cancellation is due (gsi2)",
  ],
});

/** A billing webhook event already applied: the provider retries, and each event counts once. */
export const BillingEvent = defineEntity({
  name: "BillingEvent",
  description:
    "A billing provider's webhook event id, recorded once applied so a redelivery changes nothing; expires by TTL.",
  schema: z.object({
    eventId: z.string().min(1),
    type: z.string(),
    userId: z.string().optional(),
    appliedAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: (e) => `BILLINGEVENT#${e.eventId}`, sk: () => "EVENT" },
  ttl: true,
  accessPatterns: ["Skip a webhook event that was already applied"],
});

export const TeamRole = z.enum(["owner", "admin", "analyst"]);
export type TeamRole = z.infer<typeof TeamRole>;

/** Someone who works on another person's account: an admin or a triage-only analyst. */
export const TeamMember = defineEntity({
  name: "TeamMember",
  description:
    "A member of an account's team (admin or analyst); the account's owner is the account's own user and has no item.",
  schema: z.object({
    accountId: z.string().min(1),
    userId: z.string().min(1),
    role: z.enum(["admin", "analyst"]),
    email: z.string().optional(),
    invitedBy: z.string(),
    joinedAt: isoDate,
  }),
  primary: { pk: (m) => `USER#${m.accountId}`, sk: (m) => `MEMBER#${m.userId}` },
  indexes: { gsi1: { pk: (m) => `MEMBER#${m.userId}`, sk: (m) => `ACCOUNT#${m.accountId}` } },
  accessPatterns: ["List an account's team", "Find the account a signed-in member works on (gsi1)"],
});

/** An invitation to join a team, sent by email; the link holds a token whose hash is the key. */
export const TeamInvitation = defineEntity({
  name: "TeamInvitation",
  description:
    "An emailed invitation to an account's team: the role offered and the SHA-256 of the link's token; expires by TTL.",
  schema: z.object({
    accountId: z.string().min(1),
    tokenHash: z.string().min(1),
    email: z.string(),
    role: z.enum(["admin", "analyst"]),
    invitedBy: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: (i) => `USER#${i.accountId}`, sk: (i) => `INVITE#${i.tokenHash}` },
  ttl: true,
  accessPatterns: ["List an account's open invitations", "Accept one by the token in its link"],
});

/** Who did what on an account: notices, threat triage, team and plan changes. */
export const AccountAuditEntry = defineEntity({
  name: "AccountAuditEntry",
  description: "The account's audit log: who (user id and address) did what, to what, when; append-only.",
  schema: z.object({
    accountId: z.string().min(1),
    entryId: z.string().min(1),
    at: isoDate,
    actorUserId: z.string(),
    actorLabel: z.string().optional(),
    action: z.enum([
      "notice.sent",
      "notice.filed",
      "threat.status_changed",
      "member.invited",
      "member.joined",
      "member.removed",
      "plan.changed",
      "person.invited",
      "person.accepted",
      "person.removed",
      "person.withdrew",
      "push.unsubscribed",
      "api_key.created",
      "api_key.used",
      "api_key.revoked",
      "webhook.created",
      "webhook.removed",
      "webhook.secret_rotated",
    ]),
    subject: z.string().optional(),
    details: z.record(z.string(), z.string()).default({}),
  }),
  primary: { pk: (a) => `USER#${a.accountId}`, sk: (a) => `ACTIVITY#${a.at}#${a.entryId}` },
  accessPatterns: ["Show and export an account's audit log, newest first"],
});

/** What the status page measures: a component a person relies on (system/status/components.ts). */
const StatusComponentId = z.enum(["sign-in", "enrolment", "scanning", "alerts", "takedowns"]);

/** One run of the scheduled status probe: each component's result, kept two days for the 24-hour figure. */
export const StatusProbeRun = defineEntity({
  name: "StatusProbeRun",
  description:
    "One run of the status probe (every 5 minutes): whether each component a person relies on answered, and which of its services failed, plus the incidents still open after it.",
  schema: z.object({
    at: isoDate,
    results: z.array(z.object({ component: StatusComponentId, ok: z.boolean(), failing: z.array(z.string()) })),
    /** Component id to the start of its incident still open after this run. */
    openIncidents: z.record(z.string(), isoDate).default({}),
    expiresAt: epochSeconds,
  }),
  primary: { pk: () => "STATUS", sk: (r) => `RUN#${r.at}` },
  ttl: true,
  accessPatterns: ["The probe runs of the last 24 hours (the 24-hour uptime), and the latest one (current state)"],
});

/** One component's probe counts on one UTC day: the 7- and 30-day uptime, read as 31 small items. */
export const StatusProbeDay = defineEntity({
  name: "StatusProbeDay",
  description:
    "A component's probe results on one UTC day, counted as each run lands (ADD), with the first run's time: the 7- and 30-day uptime, and since when it is measured.",
  schema: z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    component: StatusComponentId,
    ok: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    firstAt: isoDate,
  }),
  primary: { pk: () => "STATUS", sk: (d) => `DAY#${d.day}#${d.component}` },
  accessPatterns: ["A component's daily probe counts over the last 31 days"],
});

/** A component failing its probe, from the first failed run to the first passing one after it. */
export const StatusIncident = defineEntity({
  name: "StatusIncident",
  description:
    "A component that failed its probe: when the first failing run was, which services failed, and when a run next found it working.",
  schema: z.object({
    component: StatusComponentId,
    startedAt: isoDate,
    resolvedAt: isoDate.optional(),
    failing: z.array(z.string()),
  }),
  primary: { pk: () => "STATUS", sk: (i) => `INCIDENT#${i.startedAt}#${i.component}` },
  accessPatterns: ["The incidents of the last 30 days, newest first"],
});

/**
 * That the crawl looked back for a newcomer: keyed by a hash of the account id, holding nothing else,
 * and gone by TTL once the look-back window has passed (a person enrolled longer ago is no newcomer).
 */
export const CrawlLookBack = defineEntity({
  name: "CrawlLookBack",
  description:
    "A newcomer's look-back done (crawl/crawl-service.ts): the SHA-256 of the account id and when; no id, no biometrics; expires by TTL after 31 days.",
  schema: z.object({
    accountHash: z.string().regex(/^[0-9a-f]{64}$/),
    lookedBackAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: (l) => `CRAWLED#LOOKBACK#${l.accountHash}`, sk: () => "LOOKBACK" },
  ttl: true,
  accessPatterns: ["Tell which newcomers the crawl already looked back for (batch get by account hash)"],
});

/** The crawl's locators' partitions: the only table writes the crawl's media analysis makes besides findings. */
export const CRAWLED_PARTITION_PREFIX = "CRAWLED#";

/**
 * What the shared crawl keeps of an item it read (crawl/crawl-service.ts): where it is and the hashes
 * of its media, never a face, voice or embedding. It makes a later crawl skip the item (analysed once)
 * and lets a person who enrols later be matched against the last 30 days by fetching them again.
 */
export const CrawledItem = defineEntity({
  name: "CrawledItem",
  description:
    "A locator of an item the shared crawl read (platform, reference, URL, post time, media URLs and SHA-256): no biometrics; expires by TTL after 30 days.",
  schema: z.object({
    /** SHA-256 of the platform and the item's URL. */
    itemKey: z.string().regex(/^[0-9a-f]{64}$/),
    platformId: z.string().min(1),
    ref: z.object({ sourceId: z.string(), id: z.string(), url: z.string() }),
    url: z.string(),
    postedAt: z.string(),
    crawledAt: isoDate,
    /** The day it was read (YYYY-MM-DD), the look-back's partition. */
    crawledOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    media: z.array(z.object({ url: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
    expiresAt: epochSeconds,
  }),
  primary: { pk: (c) => `${CRAWLED_PARTITION_PREFIX}${c.itemKey}`, sk: () => "LOCATOR" },
  indexes: {
    gsi1: { pk: (c) => `${CRAWLED_PARTITION_PREFIX}DAY#${c.crawledOn}`, sk: (c) => `${c.crawledAt}#${c.itemKey}` },
  },
  ttl: true,
  accessPatterns: [
    "Tell which discovered items an earlier crawl read (batch get by item key)",
    "List the items read on one day, oldest first, for a newcomer's look-back (gsi1)",
  ],
});

/** The analysis cache's partitions: shared by every account, so nothing in them names one (below). */
export const ANALYSIS_PARTITION_PREFIX = "ANALYSIS#";

/**
 * The costly person-independent findings of one analysis of one media file (scanning/analysis-cache.ts):
 * the synthetic-media signals and the explicit-content reading, kept by the media's
 * SHA-256 so what several people's searches or the crawl meet is analysed once. Never a face, voice,
 * embedding or match: bystanders' biometrics stay in the analysing invocation (docs/privacy.md).
 */
export const CachedAnalysis = defineEntity({
  name: "CachedAnalysis",
  description:
    "The costly person-independent readings (learned synthetic-media detectors, watermark, voice countermeasures, explicit content) of one media file by SHA-256 and detection engine version: no biometrics, no account; expires by TTL after 30 days.",
  schema: z.object({
    mediaSha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The detection engine's version (weights, fits, code revision) that computed them. */
    engineVersion: z.string().regex(/^[0-9a-z-]{1,64}$/),
    /** The findings as JSON. */
    findings: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  // A partition of its own, so the tasks that analyse untrusted media may write it (IAM LeadingKeys).
  primary: { pk: (a) => `${ANALYSIS_PARTITION_PREFIX}${a.mediaSha256}`, sk: (a) => `ENGINE#${a.engineVersion}` },
  ttl: true,
  accessPatterns: [
    "Reuse the costly detectors' readings of media another person's scan or the crawl already analysed (get by SHA-256 and engine version)",
  ],
  notes: [
    "Shared across accounts: it names no account, person or search, and holds only what the bytes alone determine.",
    "A new engine version (weights, fits, code revision) keys new items: old readings are never reused and expire.",
  ],
});

export const ENTITIES = [
  UserProfile,
  BiometricConsent,
  BiometricSample,
  ProtectedPerson,
  PersonProtection,
  Scan,
  MediaFinding,
  ScanItemOutcome,
  Threat,
  ThreatHashBand,
  ThreatPosterKey,
  ThreatGroup,
  ThreatCounters,
  ThreatAuditEntry,
  TakedownNotice,
  TakedownEvent,
  Alert,
  ScanLock,
  ErasedAccount,
  AccountChangeUndo,
  PeopleRegister,
  TeamSeat,
  SubscriptionClaim,
  AlertOwed,
  AutoTakedownOutcome,
  PushSubscription,
  Session,
  DemoProfile,
  RateLimitCounter,
  BillingAccount,
  BillingEvent,
  TeamMember,
  TeamInvitation,
  AccountAuditEntry,
  StatusProbeRun,
  LivenessChallengeItem,
  AccountMessageSent,
  StatusProbeDay,
  StatusIncident,
  CrawledItem,
  CrawlLookBack,
  CachedAnalysis,
  ...INTEGRATION_ENTITIES,
  ...REGISTERED_IMAGE_ENTITIES,
  ...FACE_CLAIM_ENTITIES,
] as const;
