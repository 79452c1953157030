import { escalationOptions, REMOVAL_DEADLINE_MS } from "@lg/notices";
import { DomainError } from "../errors.js";
import type { NoticeStatus, TakedownEventRecord, TakedownNoticeRecord } from "./ports.js";
import type { EventDraft } from "./recheck.js";

/** What the person can do with a case from the takedown centre. */
export type CaseAction = "close" | "acknowledged" | "rejected" | "escalate";

const DELIVERED: ReadonlySet<NoticeStatus> = new Set([
  "sent",
  "filed",
  "acknowledged",
  "rejected",
  "deadline_passed",
  "escalated",
]);

/**
 * Which actions each state offers. A platform's answer (acknowledged, rejected) can only follow a
 * notice that left; closing is possible until the case has ended; removal ends it by itself.
 */
const ALLOWED: Record<CaseAction, (status: NoticeStatus) => boolean> = {
  close: (s) => s !== "closed" && s !== "removed",
  acknowledged: (s) => s === "sent" || s === "filed" || s === "deadline_passed" || s === "escalated",
  rejected: (s) => DELIVERED.has(s) && s !== "rejected",
  escalate: (s) => DELIVERED.has(s),
};

export function allowedActions(status: NoticeStatus): CaseAction[] {
  return (Object.keys(ALLOWED) as CaseAction[]).filter((action) => ALLOWED[action](status));
}

const WORDS: Record<CaseAction, string> = {
  close: "closed",
  acknowledged: "marked acknowledged",
  rejected: "marked rejected",
  escalate: "escalated",
};

/**
 * Applies the person's action to a case: the new notice and the timeline event (source "user",
 * since the platform's answer is what the person tells us, not something we observed).
 */
export function applyCaseAction(
  notice: TakedownNoticeRecord,
  action: CaseAction,
  now: Date,
  note?: string,
): { notice: TakedownNoticeRecord; event: EventDraft } {
  if (!ALLOWED[action](notice.status)) {
    throw new DomainError(
      "conflict",
      `A ${STATE_LABELS[notice.status].toLowerCase()} case cannot be ${WORDS[action]}.`,
    );
  }
  const at = now.toISOString();
  const detail = note?.trim() ? { detail: note.trim() } : {};
  if (action === "close") {
    // Closing stops the re-checks: off the tracking index with no next check.
    const { nextCheckAt: _next, ...rest } = notice;
    return {
      notice: { ...rest, status: "closed", closedAt: at },
      event: { kind: "closed", source: "user", detail: note?.trim() || "You closed the case; re-checks stopped." },
    };
  }
  const status: NoticeStatus = action === "escalate" ? "escalated" : action;
  return {
    notice: { ...notice, status },
    event: { kind: action === "escalate" ? "escalated" : action, source: "user", ...detail },
  };
}

export const STATE_LABELS: Record<NoticeStatus, string> = {
  draft: "Draft (not sent)",
  filing_needed: "Filing needed",
  filed: "Filed",
  sent: "Sent",
  acknowledged: "Acknowledged",
  rejected: "Rejected",
  removed: "Removed",
  deadline_passed: "Deadline passed",
  escalated: "Escalated",
  closed: "Closed",
};

export const BASIS_LABELS: Record<TakedownNoticeRecord["route"], string> = {
  dmca: "DMCA, 17 U.S.C. 512(c)(3)",
  take_it_down: "TAKE IT DOWN Act (48-hour removal)",
  dsa_article_16: "EU Digital Services Act, Article 16",
  platform_report: "Platform report (impersonation, privacy, likeness)",
};

/** The removal clock the law sets (TAKE IT DOWN's 48 hours); other bases have none. */
export interface LegalClock {
  law: "take_it_down";
  hours: number;
  startedAt: string;
  deadlineAt: string;
  /** Milliseconds left at `now`; 0 once it ran out. */
  remainingMs: number;
  /** running, met (removed in time), missed (removed late or still up after the deadline), stopped (closed). */
  state: "running" | "met" | "missed" | "stopped";
}

export function legalClock(notice: TakedownNoticeRecord, now: Date): LegalClock | undefined {
  if (notice.route !== "take_it_down" || !notice.sentAt || !notice.deadlineAt) return undefined;
  const deadline = Date.parse(notice.deadlineAt);
  const state: LegalClock["state"] = notice.removedAt
    ? Date.parse(notice.removedAt) <= deadline
      ? "met"
      : "missed"
    : notice.status === "closed"
      ? "stopped"
      : now.getTime() >= deadline
        ? "missed"
        : "running";
  return {
    law: "take_it_down",
    hours: REMOVAL_DEADLINE_MS.take_it_down / 3_600_000,
    startedAt: notice.sentAt,
    deadlineAt: notice.deadlineAt,
    remainingMs: state === "running" ? deadline - now.getTime() : 0,
    state,
  };
}

/**
 * A timeline for a notice stored before events were kept: rebuilt from its own dates, each said
 * to come from the product's records. Stored events are used as they are.
 */
export function timelineOf(
  notice: TakedownNoticeRecord,
  stored: readonly TakedownEventRecord[],
): Omit<TakedownEventRecord, "userId" | "noticeId">[] {
  if (stored.length > 0) {
    return [...stored]
      .sort((a, b) => a.at.localeCompare(b.at) || a.eventId.localeCompare(b.eventId))
      .map(({ userId: _u, noticeId: _n, ...event }) => event);
  }
  const rebuilt: Omit<TakedownEventRecord, "userId" | "noticeId">[] = [
    { eventId: "drafted", at: notice.createdAt, kind: "drafted", source: "system" },
  ];
  if (notice.channel === "web_form") {
    rebuilt.push({ eventId: "filing_needed", at: notice.createdAt, kind: "filing_needed", source: "system" });
    if (notice.filedAt) rebuilt.push({ eventId: "filed", at: notice.filedAt, kind: "filed", source: "user" });
  } else if (notice.sentAt) {
    rebuilt.push({ eventId: "sent", at: notice.sentAt, kind: "sent", source: "mail_provider" });
  }
  if (notice.removedAt) rebuilt.push({ eventId: "removed", at: notice.removedAt, kind: "removed", source: "recheck" });
  if (notice.closedAt) rebuilt.push({ eventId: "closed", at: notice.closedAt, kind: "closed", source: "user" });
  return rebuilt;
}

/** Where to go next when a platform does not act, per basis. */
export function escalationFor(notice: TakedownNoticeRecord): string[] {
  return escalationOptions(notice.route);
}
