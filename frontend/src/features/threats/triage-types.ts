import type { Threat, ThreatType } from "../../api/types";

/**
 * The triage API's shapes (docs/threats-api.md): paged, filtered and grouped lists, the actions a
 * status allows, a threat's history and what of its evidence can be seen or heard.
 */

export type ThreatStatus = "active" | "false_positive" | "dismissed" | "takedown_requested" | "removed";
/** `dispute_label`: dispute a "possibly synthetic" label alone; the threat and its status stay. */
export type ThreatAction = "false_positive" | "dismiss" | "takedown" | "undo" | "dispute_label";
export type SyntheticVerdict = "synthetic" | "possibly-synthetic" | "no-evidence" | "unknown";
export type ConfidenceBand = "high" | "medium" | "low";
export type ThreatSort = "newest" | "confidence" | "severity";
export type GroupKind = "media" | "account";

export interface ThreatListItem extends Threat {
  synthetic?: SyntheticVerdict;
  account?: string;
  sightingsCount?: number;
  groups?: { media?: string; account?: string };
  allowedActions?: ThreatAction[];
  updatedAt?: string;
}

export interface ThreatGroup {
  kind: GroupKind;
  key: string;
  label: string;
  count: number;
  statusCounts: Partial<Record<ThreatStatus, number>>;
  memberIds: string[];
  latestAt: string;
  representative: ThreatListItem;
  /** An account group's platforms: more than one when one poster's accounts on several were grouped. */
  platforms?: string[];
}

/** One page of the list: threats, or groups of them when grouped. */
export interface ThreatPage {
  items?: ThreatListItem[];
  groups?: ThreatGroup[];
  nextCursor: string | null;
  total?: number;
}

export interface AuditEntry {
  at: string;
  actor: string;
  actorKind?: "user" | "scanner" | "system";
  action: string;
  from?: string;
  to?: string;
  bulk?: boolean;
}

export interface ThreatDetails extends ThreatListItem {
  sightings?: { url: string; seenAt: string }[];
  history?: AuditEntry[];
  audit?: AuditEntry[];
  evidence?: { enrolledPhotoUrl?: string | null };
}

export interface BulkActionResult {
  action: ThreatAction;
  changed: string[];
  skipped: { id: string; status?: string; reason: string }[];
}

/** GET /api/threats/{id}/media: which frames carry a video's face match, where a voice match's speech is. */
export interface ThreatMediaFacts {
  kind: "image" | "video" | "audio" | "profile" | "unknown";
  contentType: string | null;
  durationSeconds?: number;
  /** Each frame names the findings it carries: "face-match", a signal id, or "intimate". */
  frames: { index: number; timeSeconds: number; confidence?: number; findings?: string[] }[];
  speech: { startS: number; endS: number }[];
  audioAvailable: boolean;
  intimate: boolean;
  /** Whether .../media/enrolled-photo serves the person's own enrolled face, to compare with the match. */
  enrolledPhotoAvailable?: boolean;
}

export interface ThreatFilters {
  status?: ThreatStatus;
  type?: ThreatType;
  platform?: string;
  confidence?: ConfidenceBand;
  synthetic?: SyntheticVerdict;
  person?: string;
  q?: string;
  sort: ThreatSort;
  groupBy?: GroupKind;
}

export const DEFAULT_FILTERS: ThreatFilters = { sort: "newest" };
