import type { CaseAction, NoticeState, TimelineEvent } from "./types";

export const STATE_FILTERS: { value: string; label: string }[] = [
  { value: "", label: "All notices" },
  { value: "open", label: "Open cases" },
  { value: "filing_needed", label: "Filing needed" },
  { value: "sent", label: "Sent" },
  { value: "filed", label: "Filed" },
  { value: "acknowledged", label: "Acknowledged" },
  { value: "rejected", label: "Rejected" },
  { value: "deadline_passed", label: "Deadline passed" },
  { value: "escalated", label: "Escalated" },
  { value: "removed", label: "Removed" },
  { value: "closed", label: "Closed" },
];

const EVENT_LABELS: Record<TimelineEvent["kind"], string> = {
  drafted: "Drafted",
  sent: "Sent",
  filing_needed: "Filing needed",
  filed: "Filed",
  acknowledged: "Acknowledged",
  content_rechecked: "Content re-checked",
  removed: "Removed",
  rejected: "Rejected",
  deadline_passed: "Deadline passed",
  escalated: "Escalated",
  closed: "Closed",
};

export function eventLabel(event: TimelineEvent): string {
  if (event.kind !== "content_rechecked") return EVENT_LABELS[event.kind];
  const found = event.outcome === "gone" ? "gone" : event.outcome === "present" ? "still up" : "not decided";
  return `Content re-checked: ${found}`;
}

/** Who says so: what the product observed, what the mail provider accepted, or what the person told us. */
export const SOURCE_LABELS: Record<TimelineEvent["source"], string> = {
  system: "LikenessGuard",
  mail_provider: "Mail provider accepted it",
  recheck: "Re-fetch of the content",
  user: "Reported by you",
};

export const ACTION_LABELS: Record<CaseAction, string> = {
  acknowledged: "Platform acknowledged it",
  rejected: "Platform rejected it",
  escalate: "Escalate",
  close: "Close case",
};

export const CHANNEL_LABELS = { email: "Email (sent by LikenessGuard)", web_form: "Platform web form (you file it)" };

export function stateBadgeClass(state: NoticeState): string {
  if (state === "removed") return "badge badge-on";
  if (state === "filing_needed" || state === "deadline_passed" || state === "rejected")
    return "badge badge-destructive";
  return "badge badge-secondary";
}

export function formatDateTime(iso: string | undefined): string {
  return iso ? new Date(iso).toLocaleString() : "—";
}

/** "37 h 12 min" */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}
