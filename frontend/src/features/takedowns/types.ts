/** GET /api/takedowns and /api/takedowns/{id}, as the server answers them (packages/domain/src/takedowns/takedown-centre.ts). */
export type NoticeState =
  | "draft"
  | "filing_needed"
  | "filed"
  | "sent"
  | "acknowledged"
  | "rejected"
  | "removed"
  | "deadline_passed"
  | "escalated"
  | "closed";

export type CaseAction = "close" | "acknowledged" | "rejected" | "escalate";

export interface LegalClock {
  law: "take_it_down";
  hours: number;
  startedAt: string;
  deadlineAt: string;
  remainingMs: number;
  state: "running" | "met" | "missed" | "stopped";
}

export interface TakedownSummary {
  id: string;
  threatId: string;
  basis: { route: string; label: string };
  recipient: string;
  channel: "email" | "web_form";
  state: NoticeState;
  stateLabel: string;
  platform?: string;
  contentUrl?: string;
  automatic: boolean;
  createdAt: string;
  sentAt?: string;
  filedAt?: string;
  removedAt?: string;
  closedAt?: string;
  nextCheckAt?: string;
  lastCheckedAt?: string;
  clock?: LegalClock;
}

export interface TimelineEvent {
  eventId: string;
  at: string;
  kind:
    | "drafted"
    | "sent"
    | "filing_needed"
    | "filed"
    | "acknowledged"
    | "content_rechecked"
    | "removed"
    | "rejected"
    | "deadline_passed"
    | "escalated"
    | "closed";
  source: "system" | "mail_provider" | "recheck" | "user";
  outcome?: "gone" | "present" | "inconclusive";
  detail?: string;
}

export interface TakedownDetail extends TakedownSummary {
  noticeText: string;
  timeline: TimelineEvent[];
  attestation?: { statements: string[]; attestedAt: string; standing: boolean };
  formUrl?: string;
  formFields?: { label: string; value: string }[];
  followUpAt?: string;
  lastCheck?: { outcome: "gone" | "present" | "inconclusive"; description: string };
  timeToRemovalMs?: number;
  actions: CaseAction[];
  escalationOptions: string[];
}

export interface TakedownPage {
  items: TakedownSummary[];
  nextCursor?: string;
}
