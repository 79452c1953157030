import type { CheckResult } from "@lg/notices";
import type { TakedownEventRecord, TakedownNoticeRecord } from "./ports.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When to re-fetch the content after the notice left: quickly at first (many removals are fast),
 * then daily for a month, then weekly for as long as the case stays open. The removal deadline
 * always gets a check of its own, so a missed 48-hour clock is seen when it runs out.
 */
export const RECHECK_OFFSETS_MS: readonly number[] = [1, 2, 4, 8, 16, 24].map((h) => h * HOUR_MS);
export const DAILY_UNTIL_MS = 30 * DAY_MS;
export const WEEKLY_MS = 7 * DAY_MS;

/** The first scheduled re-check strictly after `now`. */
export function nextRecheckAt(sentAt: string, deadlineAt: string | undefined, now: Date): string {
  const sent = Date.parse(sentAt);
  const elapsed = now.getTime() - sent;
  let offset = RECHECK_OFFSETS_MS.find((candidate) => candidate > elapsed);
  if (offset === undefined) {
    const last = RECHECK_OFFSETS_MS[RECHECK_OFFSETS_MS.length - 1] ?? 0;
    offset =
      elapsed < DAILY_UNTIL_MS
        ? last + (Math.floor((elapsed - last) / DAY_MS) + 1) * DAY_MS
        : DAILY_UNTIL_MS + (Math.floor((elapsed - DAILY_UNTIL_MS) / WEEKLY_MS) + 1) * WEEKLY_MS;
  }
  const deadline = deadlineAt ? Date.parse(deadlineAt) : Number.NaN;
  const next = deadline > now.getTime() ? Math.min(sent + offset, deadline) : sent + offset;
  return new Date(next).toISOString();
}

const REASONS: Record<string, string> = {
  http_404: "the address now answers 404 Not Found",
  http_410: "the address now answers 410 Gone",
  http_451: "the address now answers 451 Unavailable For Legal Reasons",
  media_replaced: "the address now serves different media than the one reported",
  media_not_on_page:
    "the page still answers but no longer shows the reported file (it may be gone, or shown at another size); not counted as removed",
  media_still_served: "the reported media is still served",
  page_still_up: "the page is still up (its media could not be listed, so it is not counted as removed)",
};

/** What a re-check found, in the person's words. */
export function describeCheck(check: Pick<CheckResult, "reason">): string {
  return REASONS[check.reason] ?? `the check could not decide (${check.reason}); it will be tried again`;
}

export type EventDraft = Pick<TakedownEventRecord, "kind" | "source"> &
  Partial<Pick<TakedownEventRecord, "outcome" | "detail">>;

export interface RecheckDecision {
  /** The notice as it stands after this re-check. */
  notice: TakedownNoticeRecord;
  /** Timeline events this re-check adds, in order. */
  events: EventDraft[];
  removed: boolean;
  /** The removal deadline ran out at this check (told to the person once). */
  deadlinePassed: boolean;
}

/**
 * What counts as removal: the address itself says the content is gone (404, 410, 451), or a media
 * address now serves other bytes. A page that still answers but no longer shows the captured file
 * is not enough: real platforms serve the same picture at other sizes and addresses on their pages
 * than through their APIs, so that reading is kept as "not decided" and the case stays open.
 */
export function asRemovalEvidence(check: CheckResult): CheckResult {
  if (check.outcome === "gone" && check.reason === "media_not_on_page") {
    return { outcome: "inconclusive", reason: "media_not_on_page" };
  }
  return check;
}

/**
 * One re-check of an open case. "Removed" only when this re-fetch found the content gone; a page
 * still up, or a fetch that failed, keeps the case open with the next re-check scheduled.
 */
export function decideRecheck(notice: TakedownNoticeRecord, found: CheckResult, now: Date): RecheckDecision {
  const check = asRemovalEvidence(found);
  const at = now.toISOString();
  const sentAt = notice.sentAt ?? notice.filedAt ?? notice.createdAt;
  const checked = { ...notice, lastCheckedAt: at, lastCheck: { outcome: check.outcome, reason: check.reason } };
  const recheckEvent: EventDraft = {
    kind: "content_rechecked",
    source: "recheck",
    outcome: check.outcome,
    detail: `${check.outcome === "gone" ? "Gone" : check.outcome === "present" ? "Still up" : "Not decided"}: ${describeCheck(check)}`,
  };
  if (check.outcome === "gone") {
    const { nextCheckAt: _next, ...rest } = checked;
    return {
      notice: {
        ...rest,
        status: "removed",
        removedAt: at,
        timeToRemovalMs: Math.max(0, now.getTime() - Date.parse(sentAt)),
      },
      events: [recheckEvent, { kind: "removed", source: "recheck", detail: `Removed: ${describeCheck(check)}` }],
      removed: true,
      deadlinePassed: false,
    };
  }
  const deadline = notice.deadlineAt ? Date.parse(notice.deadlineAt) : Number.NaN;
  // Said once: by the first re-check at or after the deadline (a later one already found it past).
  const deadlinePassed =
    now.getTime() >= deadline &&
    !(notice.lastCheckedAt && Date.parse(notice.lastCheckedAt) >= deadline) &&
    !["deadline_passed", "escalated", "rejected"].includes(notice.status);
  return {
    notice: {
      ...checked,
      ...(deadlinePassed ? { status: "deadline_passed" as const } : {}),
      nextCheckAt: nextRecheckAt(sentAt, notice.deadlineAt, now),
    },
    events: deadlinePassed
      ? [
          recheckEvent,
          {
            kind: "deadline_passed",
            source: "system",
            detail: `Not removed by ${notice.deadlineAt}; you can escalate. Re-checks go on until it is gone or you close the case.`,
          },
        ]
      : [recheckEvent],
    removed: false,
    deadlinePassed,
  };
}
