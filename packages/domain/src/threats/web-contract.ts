import { z } from "zod";
import { ChecklistItem, Coverage } from "../accounts/web-contract.js";
import { NoticeStatus } from "../table/entities/takedown-notice.js";
import * as stored from "../table/entities/threat.js";
import { ThreatAuditEntry } from "../table/entities/threat-audit-entry.js";
import { FormField } from "../takedowns/web-contract.js";
import { SEVERITIES, ThreatClassification as StoredClassification } from "./classification-schema.js";
import { MATCH_LIMITS } from "./match-band.js";

/**
 * The web app's threat answers (GET /api/threats, /api/threats/{id}, /media, /evidence, /api/stats,
 * /api/scan/status, POST /api/threats/actions), written once: the handlers check their answers
 * with these in tests and the web app takes its types from them (docs/architecture.md, "One
 * contract"). Objects are not strict: a field the server adds breaks nothing the screens read.
 */

export const ThreatType = stored.ThreatType;
export const ThreatStatus = stored.ThreatStatus;
export const SyntheticVerdict = stored.SyntheticVerdict;
export const ThreatSeverity = z.enum(SEVERITIES);
/** `dispute_label`: dispute a "possibly synthetic" label alone; the threat and its status stay. */
export const ThreatAction = z.enum(["false_positive", "dismiss", "takedown", "undo", "dispute_label"]);
/** The list's confidence bands (threat-list-query.ts CONFIDENCE_BANDS) and orders. */
export const ConfidenceBand = z.enum(["high", "medium", "low"]);
export const ThreatSort = z.enum(["newest", "confidence", "severity"]);
export const GroupKind = z.enum(["media", "account"]);
export const MatchModality = z.enum(["face", "voice", "profile", "registered-image"]);
const MatchLimitedBy = z.array(z.enum(MATCH_LIMITS));

/**
 * The evidence behind a threat's type, as stored (classification-schema.ts); `found` may be absent
 * on the wire and `derivedFrom` is the server's own bookkeeping, so neither is promised.
 */
export const ThreatClassification = StoredClassification.omit({ derivedFrom: true }).extend({
  found: z.object({ title: z.string().optional(), url: z.string().optional() }).optional(),
});

/**
 * Where a threat's latest notice stands: "sent" only when a channel accepted it. A list row carries
 * noticeId, state and its dates; the threat's details the rest (route, channel, form...).
 */
export const ThreatTakedown = z.object({
  noticeId: z.string(),
  route: z.string().optional(),
  /** A draft never left, so it is never a threat's takedown. */
  state: NoticeStatus.exclude(["draft"]),
  channel: z.enum(["email", "web_form"]).optional(),
  recipient: z.string().optional(),
  formUrl: z.string().optional(),
  formFields: z.array(FormField).optional(),
  sentAt: z.string().optional(),
  filedAt: z.string().optional(),
  deadlineAt: z.string().optional(),
  attestedAt: z.string().optional(),
});

/** One synthetic-media signal: "present" found evidence, "absent" looked and found none, "unknown" could not look. */
export const ThreatSignal = z.object({
  id: z.string(),
  status: z.enum(["present", "absent", "unknown"]),
  score: z.number().optional(),
  explanation: z.string(),
});

/** What detection found, as the scan recorded it: the basis of the alert. */
export const ThreatDetection = z.object({
  /** Media threats: whether the fused synthetic score crossed its threshold. */
  synthetic: z.boolean().optional(),
  syntheticScore: z.number().nullable().optional(),
  signals: z.array(ThreatSignal).optional(),
  /** Impersonation: the protected name the profile imitates, and the profile's handle. */
  nameMatch: z.string().optional(),
  handle: z.string().optional(),
});

/** Why a row has no picture, when it has none (docs/threats-api.md). */
export const NoPictureReason = z.enum(["voice", "evidence-not-kept", "not-a-picture"]);

/** A threat as every screen shows it: a list row, a demo threat, the base of a threat's details. */
export const Threat = z.object({
  id: z.string(),
  threatType: ThreatType,
  confidence: z.number(),
  platform: z.string(),
  contentType: z.string().optional(),
  createdAt: z.string(),
  status: z.string(),
  url: z.string(),
  title: z.string().optional(),
  personId: z.string().optional(),
  /** What matched (list rows): the band names that modality and rests on its benchmark. */
  matchModality: MatchModality.optional(),
  /** What about the face held the match below its calibrated reading (list rows; details carry it in `classification`). */
  matchLimitedBy: MatchLimitedBy.optional(),
  /** The person disputed the "possibly synthetic" label: it is withdrawn, the likeness finding stands. */
  labelDispute: z.object({ label: z.literal("possibly-synthetic"), at: z.string() }).optional(),
  evidenceData: z.object({ hash: z.string(), capturedAt: z.string().optional() }).optional(),
  previewUrl: z.string().optional(),
  /** The row's small censored picture (a video's frame), served from the stored evidence for its owner only. */
  thumbnailUrl: z.string().optional(),
  noPicture: NoPictureReason.optional(),
  /** Demo threats only: when the demo scan that found them ended. */
  scannedAt: z.string().optional(),
  detection: ThreatDetection.optional(),
  /** Demo threats only: computed for the guided demo, with no stored evidence package. */
  demo: z.boolean().optional(),
  severity: ThreatSeverity.optional(),
  classification: ThreatClassification.optional(),
  /** null: no notice has left for it (nothing accepted, nothing waiting to be filed). */
  takedown: ThreatTakedown.nullable().optional(),
});

/** A row of GET /api/threats (threat-view.ts `threatListItem`). */
export const ThreatListItem = Threat.extend({
  synthetic: SyntheticVerdict.optional(),
  account: z.string().optional(),
  sightingsCount: z.number().optional(),
  groups: z.object({ media: z.string().optional(), account: z.string().optional() }).optional(),
  allowedActions: z.array(ThreatAction).optional(),
  updatedAt: z.string().optional(),
});

export const ThreatGroup = z.object({
  kind: GroupKind,
  key: z.string(),
  label: z.string(),
  count: z.number(),
  statusCounts: z.partialRecord(ThreatStatus, z.number()),
  memberIds: z.array(z.string()),
  latestAt: z.string(),
  /** The newest member; absent when none could be read. */
  representative: ThreatListItem.optional(),
  /** An account group's platforms: more than one when one poster's accounts on several were grouped. */
  platforms: z.array(z.string()).optional(),
});

/** GET /api/threats: one page of the list, threats or groups of them when grouped. */
export const ThreatPage = z.object({
  items: z.array(ThreatListItem).optional(),
  groups: z.array(ThreatGroup).optional(),
  nextCursor: z.string().nullable(),
  total: z.number().optional(),
});

/** One entry of a threat's history, as stored less its keys (table/entities/threat-audit-entry.ts). */
export const AuditEntry = ThreatAuditEntry.schema.omit({ userId: true, threatId: true, entryId: true });

/** GET /api/threats/{id}: the row's fields, its sightings, history and what evidence can be seen. */
export const ThreatDetails = ThreatListItem.extend({
  sightings: z.array(z.object({ url: z.string(), seenAt: z.string() })).optional(),
  history: z.array(AuditEntry).optional(),
  audit: z.array(AuditEntry).optional(),
  evidence: z.object({ enrolledPhotoUrl: z.string().nullable().optional() }).optional(),
});

/** POST /api/threats/actions: what one action changed, and what it left and why. */
export const BulkActionResult = z.object({
  action: ThreatAction,
  changed: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), status: z.string().optional(), reason: z.string() })),
  /** The changed threats as list rows, to show without a new read. */
  items: z.array(ThreatListItem).optional(),
});

/** GET /api/threats/{id}/media: which frames carry a video's face match, where a voice match's speech is. */
export const ThreatMediaFacts = z.object({
  kind: z.enum(["image", "video", "audio", "profile", "unknown"]),
  contentType: z.string().nullable(),
  durationSeconds: z.number().optional(),
  /** Each frame names the findings it carries: "face-match", a signal id, or "intimate". */
  frames: z.array(
    z.object({
      index: z.number(),
      timeSeconds: z.number(),
      confidence: z.number().optional(),
      findings: z.array(z.string()).optional(),
    }),
  ),
  speech: z.array(z.object({ startS: z.number(), endS: z.number() })),
  audioAvailable: z.boolean(),
  intimate: z.boolean(),
  /** Whether .../media/enrolled-photo serves the person's own enrolled face, to compare with the match. */
  enrolledPhotoAvailable: z.boolean().optional(),
});

/** GET /api/threats/{id}/evidence: the stored package re-hashed against the hash recorded at capture. */
export const EvidenceCheck = z.object({
  intact: z.boolean(),
  manifestHash: z.string().nullable(),
  expectedHash: z.string(),
  files: z.array(z.object({ name: z.string(), intact: z.boolean() })),
});

/** GET /api/stats: counted from stored threats and scans (threat-stats.ts `computeStats`). */
export const Stats = z.object({
  activeThreats: z.number(),
  sitesScanned: z.number(),
  resolvedThreats: z.number(),
  /** What protection needs, as the server reads it from the account's records. */
  setupChecklist: z.array(ChecklistItem).optional(),
  /** What is searched, where and how often, and the open threats (accounts/coverage.ts). */
  coverage: Coverage.optional(),
  /** When the latest finished scan ended. */
  lastScanAt: z.string().optional(),
  /** How the latest scan that ended, ended: after a failed one nothing recent was checked. */
  lastScanOutcome: z.enum(["succeeded", "failed"]).optional(),
  threatsOverTime: z.array(z.object({ date: z.string(), count: z.number() })).optional(),
});

/** GET /api/scan/status: the latest scan's progress (scanning/scan-progress.ts), or idle before any. */
export const ScanStatus = z.union([
  z.object({ status: z.literal("idle") }),
  z.object({
    scanId: z.string(),
    status: z.enum(["running", "succeeded", "failed"]),
    /** Platforms the scan searches, and how many have been searched so far (from the scan's stored counters). */
    platformsTotal: z.number().optional(),
    platformsDone: z.number().optional(),
    itemsScanned: z.number(),
    threatsFound: z.number(),
    startedAt: z.string(),
    finishedAt: z.string().optional(),
  }),
]);

/**
 * POST /api/scan/force: the scan just started, or the one already running, which the slot kept
 * (scanning/scan-starter.ts): one running scan per person at a time.
 */
export const ScanStarted = z.object({ scanId: z.string(), status: z.literal("running"), alreadyRunning: z.boolean() });

export type ThreatType = z.infer<typeof ThreatType>;
export type ThreatStatus = z.infer<typeof ThreatStatus>;
export type SyntheticVerdict = z.infer<typeof SyntheticVerdict>;
export type ThreatSeverity = z.infer<typeof ThreatSeverity>;
export type ThreatAction = z.infer<typeof ThreatAction>;
export type ConfidenceBand = z.infer<typeof ConfidenceBand>;
export type ThreatSort = z.infer<typeof ThreatSort>;
export type GroupKind = z.infer<typeof GroupKind>;
export type ThreatClassification = z.infer<typeof ThreatClassification>;
export type OperatingPoint = NonNullable<ThreatClassification["synthetic"]["operatingPoint"]>;
export type ThreatTakedown = z.infer<typeof ThreatTakedown>;
export type ThreatSignal = z.infer<typeof ThreatSignal>;
export type ThreatDetection = z.infer<typeof ThreatDetection>;
export type NoPictureReason = z.infer<typeof NoPictureReason>;
export type Threat = z.infer<typeof Threat>;
export type ThreatListItem = z.infer<typeof ThreatListItem>;
export type ThreatGroup = z.infer<typeof ThreatGroup>;
export type ThreatPage = z.infer<typeof ThreatPage>;
export type AuditEntry = z.infer<typeof AuditEntry>;
export type ThreatDetails = z.infer<typeof ThreatDetails>;
export type BulkActionResult = z.infer<typeof BulkActionResult>;
export type ThreatMediaFacts = z.infer<typeof ThreatMediaFacts>;
export type EvidenceCheck = z.infer<typeof EvidenceCheck>;
export type Stats = z.infer<typeof Stats>;
export type ScanStatus = z.infer<typeof ScanStatus>;
export type ScanStarted = z.infer<typeof ScanStarted>;
