import type { NoticeRepository, TakedownEventRecord, TakedownNoticeRecord } from "./ports.js";
import type { EventDraft } from "./recheck.js";

/** Ties events written in the same instant to the order a case moves in. */
export const KIND_ORDER: Record<TakedownEventRecord["kind"], number> = {
  drafted: 0,
  filing_needed: 1,
  sent: 1,
  filed: 2,
  acknowledged: 3,
  content_rechecked: 4,
  deadline_passed: 5,
  rejected: 5,
  escalated: 6,
  removed: 7,
  closed: 8,
};

/** Writes a case's events with ids that keep their order when several share one instant. */
export async function recordEvents(
  notices: NoticeRepository,
  notice: Pick<TakedownNoticeRecord, "userId" | "noticeId">,
  drafts: readonly EventDraft[],
  at: Date,
  newId: () => string,
): Promise<void> {
  for (const [index, draft] of drafts.entries()) {
    await notices.appendEvent({
      userId: notice.userId,
      noticeId: notice.noticeId,
      eventId: `${String(KIND_ORDER[draft.kind]).padStart(2, "0")}${index}-${newId()}`,
      at: at.toISOString(),
      ...draft,
    });
  }
}
