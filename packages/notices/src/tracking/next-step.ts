import type { SendableRoute } from "../notices/types.js";
import type { CheckResult } from "./check-gone.js";
import { nextCheckTime } from "./deadlines.js";

/** The tracked part of a sent notice (the TakedownNotice entity carries these fields). */
export interface TrackedNotice {
  route: SendableRoute;
  sentAt: string;
  deadlineAt: string;
}

export type TrackingStep =
  | { action: "removed"; removedAt: string; timeToRemovalMs: number }
  | { action: "recheck"; nextCheckAt: string }
  /** Tell the person and offer escalation; `lastCheck` says what we saw. */
  | { action: "deadline_passed"; deadlineAt: string; lastCheck: CheckResult };

/** After one re-check: removed, check again later, or the deadline has passed. */
export function nextTrackingStep(notice: TrackedNotice, check: CheckResult, now: Date): TrackingStep {
  if (check.outcome === "gone") {
    return {
      action: "removed",
      removedAt: now.toISOString(),
      timeToRemovalMs: now.getTime() - Date.parse(notice.sentAt),
    };
  }
  if (now.getTime() >= Date.parse(notice.deadlineAt)) {
    return { action: "deadline_passed", deadlineAt: notice.deadlineAt, lastCheck: check };
  }
  return { action: "recheck", nextCheckAt: nextCheckTime(notice.sentAt, notice.deadlineAt, now) };
}
