/** Shapes of the API answers the screens read (docs/architecture.md and spec section 3). */

import type { Coverage } from "@lg/domain/accounts/coverage";
import type { ChecklistItem } from "@lg/domain/accounts/setup-checklist";
import type { PublicMetrics } from "@lg/domain/system/public-metrics";
import type { NoticeChannelView, NoticeDraft } from "@lg/domain/takedowns/notice-service";
import type { MatchLimit } from "@lg/domain/threats/match-band";

export type { ChecklistItem };
export type MembershipTier = "personal" | "professional" | "enterprise";
export type ScanFrequency = "hourly" | "daily" | "weekly";
export type Sensitivity = "high" | "medium" | "low";
export type ThreatType = "deepfake" | "voice_clone" | "impersonation" | "likeness_misuse" | "intimate_imagery";
export type ThreatSeverity = "critical" | "high" | "medium" | "low";

/** A detector's measured operating point: what its "synthetic" is worth. */
export interface OperatingPoint {
  threshold: number;
  falsePositiveRate: number;
  truePositiveRate?: number;
  measuredOn?: string;
  /** How many genuine items the false-positive rate was measured on. */
  genuineCount?: number;
}

/** The evidence behind a threat's type (server: threats/classification-schema.ts). */
export interface ThreatClassification {
  type: ThreatType;
  severity: ThreatSeverity;
  reason: string;
  likeness: {
    modality: "face" | "voice" | "profile";
    confidence: number;
    nameMatch?: string;
    handle?: string;
    /** "unverified": the match rests on an enrolment the server never verified; no notice goes under the person's name. */
    enrolment?: "verified" | "unverified";
    /** What about the face held the match below its calibrated reading (small, partly outside the picture, unclear). */
    limitedBy?: MatchLimit[];
  };
  synthetic: {
    /** "possibly-synthetic": below the bar for stating "synthetic", reported with its measured rate. */
    status: "synthetic" | "possibly-synthetic" | "no-evidence" | "unknown";
    score: number | null;
    detectors: string[];
    declared: boolean;
    operatingPoint?: OperatingPoint;
  };
  intimate?: { score?: number; operatingPoint?: OperatingPoint };
  found?: { title?: string; url?: string };
}

export interface FormField {
  label: string;
  value: string;
}

/**
 * Where a threat's latest notice stands: "sent" only when a channel accepted it. A list row carries
 * noticeId, state and its dates; the threat's details the rest (route, channel, form...).
 */
export interface ThreatTakedown {
  noticeId: string;
  route?: string;
  state:
    | "filing_needed"
    | "filed"
    | "sent"
    | "acknowledged"
    | "rejected"
    | "removed"
    | "deadline_passed"
    | "escalated"
    | "closed";
  channel?: "email" | "web_form";
  recipient?: string;
  formUrl?: string;
  formFields?: FormField[];
  sentAt?: string;
  filedAt?: string;
  deadlineAt?: string;
  attestedAt?: string;
}

export interface ScanPreferences {
  socialMedia?: boolean;
  forums?: boolean;
  adultSites?: boolean;
  darkWeb?: boolean;
}

export interface NotificationSettings {
  email?: boolean;
  push?: boolean;
  sms?: boolean;
  frequency?: "immediate" | "daily" | "weekly";
  sensitivity?: Sensitivity;
  [other: string]: unknown;
}

export interface PrivacySettings {
  zeroKnowledge?: boolean;
  anonymousAnalytics?: boolean;
  legalReportSharing?: boolean;
}

export type DataExpiryDays = 30 | 90 | 180 | -1;

/** One modality's standing as the server reports it (profile `likenessEnrolment`, enrolment answers `status`). */
export interface ModalityStanding {
  enrolled: boolean;
  verified: boolean;
  methods: ("server-checked-capture" | "client-reported" | "upload")[];
  /** An unverified sample is searched, so no notice goes under the person's name on a match resting on it. */
  noticesBlocked: boolean;
  restriction?: string;
  /** A live capture of this face waits for review: the same face is verified on another account. */
  pendingReview?: boolean;
  /** The face was verified before the live check; that no longer counts until a live check verifies it again. */
  reverifyNeeded?: boolean;
}

export interface LikenessStanding {
  face: ModalityStanding;
  voice: ModalityStanding;
}

export interface Profile {
  userId?: string;
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  /** Other names and handles the person is known by, and their own official accounts (never flagged). */
  aliases?: string[];
  handles?: string[];
  ownAccounts?: string[];
  membershipTier: MembershipTier;
  platforms: string[];
  scanFrequency: ScanFrequency;
  autoTakedown: boolean;
  faceEnrolled: boolean;
  /** Verified by the server itself: a face reported by the browser (zero-knowledge) never is. */
  faceVerified: boolean;
  /** Face samples of a model scans no longer use, with nothing the server can recompute from. */
  faceRecaptureNeeded?: boolean;
  voiceEnrolled: boolean;
  voiceVerified?: boolean;
  /** Each modality's enrolment and verification, and what a missing verification withholds. */
  likenessEnrolment?: LikenessStanding;
  faceEmbeddingPath?: string | null;
  voiceEmbeddingPath?: string | null;
  dataExpiryDays?: DataExpiryDays;
  dataExpiresInDays?: number;
  protectedPeople?: number;
  scanPreferences?: ScanPreferences;
  notificationSettings?: NotificationSettings;
  privacySettings?: PrivacySettings;
}

export type NoPictureReason = "voice" | "evidence-not-kept" | "not-a-picture";

export interface Threat {
  id: string;
  threatType: ThreatType;
  confidence: number;
  platform: string;
  contentType?: string;
  createdAt: string;
  status: string;
  url: string;
  title?: string;
  personId?: string;
  /** What matched (list rows): the band names that modality and rests on its benchmark. */
  matchModality?: "face" | "voice" | "profile";
  /** What about the face held the match below its calibrated reading (list rows; details carry it in `classification`). */
  matchLimitedBy?: MatchLimit[];
  /** The person disputed the "possibly synthetic" label: it is withdrawn, the likeness finding stands. */
  labelDispute?: { label: "possibly-synthetic"; at: string };
  evidenceData?: { hash: string; capturedAt?: string };
  previewUrl?: string;
  /** The row's small censored picture (a video's frame), served from the stored evidence for its owner only. */
  thumbnailUrl?: string;
  /** Why the row has no picture, when it has none (docs/threats-api.md). */
  noPicture?: NoPictureReason;
  /** Demo threats only: when the demo scan that found them ended. */
  scannedAt?: string;
  /** What detection found, as the scan recorded it: the basis of the alert. */
  detection?: ThreatDetection;
  /** Demo threats only: computed for the guided demo, with no stored evidence package. */
  demo?: boolean;
  severity?: ThreatSeverity;
  classification?: ThreatClassification;
  /** null: no notice has left for it (nothing accepted, nothing waiting to be filed). */
  takedown?: ThreatTakedown | null;
}

/** One synthetic-media signal: "present" found evidence, "absent" looked and found none, "unknown" could not look. */
export interface ThreatSignal {
  id: string;
  status: "present" | "absent" | "unknown";
  score?: number;
  explanation: string;
}

export interface ThreatDetection {
  /** Media threats: whether the fused synthetic score crossed its threshold. */
  synthetic?: boolean;
  syntheticScore?: number | null;
  signals?: ThreatSignal[];
  /** Impersonation: the protected name the profile imitates, and the profile's handle. */
  nameMatch?: string;
  handle?: string;
}

/** GET /api/threats/{id}/evidence: the stored package re-hashed against the hash recorded at capture. */
export interface EvidenceCheck {
  intact: boolean;
  manifestHash: string | null;
  expectedHash: string;
  files: { name: string; intact: boolean }[];
}

export interface Stats {
  activeThreats: number;
  sitesScanned: number;
  resolvedThreats: number;
  /** What protection needs, as the server reads it from the account's records. */
  setupChecklist?: ChecklistItem[];
  /** What is searched, where and how often, and the open threats (packages/domain/src/accounts/coverage.ts). */
  coverage?: Coverage;
  /** When the latest finished scan ended. */
  lastScanAt?: string;
  /** How the latest scan that ended, ended: after a failed one nothing recent was checked. */
  lastScanOutcome?: "succeeded" | "failed";
  threatsOverTime?: { date: string; count: number }[];
}

export type ScanStatus =
  | { status: "idle" }
  | {
      scanId: string;
      status: "running" | "succeeded" | "failed";
      /** Platforms the scan searches, and how many have been searched so far (from the scan's stored counters). */
      platformsTotal?: number;
      platformsDone?: number;
      itemsScanned: number;
      threatsFound: number;
      startedAt: string;
      finishedAt?: string;
    };

export interface DmcaDraft {
  requestContent: string;
  route?: string;
  recipient?: string;
  noticeId?: string;
  requiresConfirmation?: string[];
  basis?: { route: string; reason: string; deadlineHours?: number };
  channel?: NoticeChannelView;
  formFields?: FormField[];
  copyright?: NoticeDraft["copyright"];
  evidence?: { threatType: ThreatType; reason: string };
}

/** POST /api/dmca/send: "sent" once a channel accepted it; a web form comes back to be filed. */
export type SendResult =
  | { state: "sent"; sent: true; recipient: string; noticeId: string; route: string }
  | {
      state: "filing_needed";
      sent: false;
      recipient: string;
      noticeId: string;
      route: string;
      formUrl: string;
      formFields: FormField[];
      requestContent: string;
    };

export interface DemoProfile {
  fullName: string;
  email?: string;
  occupation?: string;
  phoneNumber?: string;
  membershipTier: MembershipTier;
  scanPreferences?: Record<string, boolean>;
  [other: string]: unknown;
}

/** GET /api/system/metrics: only measured figures; one that was never measured is absent. */
export type SystemMetrics = PublicMetrics;

/** A figure only where stored probes cover the whole window (GET /api/status). */
export type UptimeWindow =
  | { percent: number; probes: number }
  | { measuringSince: string }
  | { measuringSince: null; reason: string };

export interface StatusPage {
  probeIntervalMinutes: number;
  components: {
    id: string;
    name: string;
    what: string;
    current: { ok: boolean; at: string; failing: string[] } | null;
    uptime: { "24h": UptimeWindow; "7d": UptimeWindow; "30d": UptimeWindow };
  }[];
  incidents: { component: string; name: string; startedAt: string; resolvedAt?: string; failing: string[] }[];
}

export interface HealthReport {
  status: string;
  services: { name: string; ok: boolean; latencyMs: number; error?: string }[];
}

export interface Consent {
  required: boolean;
  version: string;
  text: string;
  givenAt?: string;
}
