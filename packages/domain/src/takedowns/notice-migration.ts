import type { NoticeRepository, TakedownNoticeRecord } from "./ports.js";

/**
 * A notice stored before the takedown centre: rewriting it adds the list index (gsi1), and a case
 * that stopped at its deadline resumes re-checks, since cases are now followed until the content
 * is gone or the person closes them.
 */
export function migratedNotice(notice: TakedownNoticeRecord, now: Date): TakedownNoticeRecord {
  if (notice.status === "deadline_passed" && !notice.nextCheckAt) return { ...notice, nextCheckAt: now.toISOString() };
  return notice;
}

/** Every stored notice, page by page, for the one-off migration. */
export interface StoredNotices {
  pages(): AsyncIterable<TakedownNoticeRecord[]>;
}

/** Rewrites each notice once (idempotent); one the tracker or the person changed meanwhile is left for a re-run. */
export async function migrateTakedownNotices(
  stored: StoredNotices,
  notices: Pick<NoticeRepository, "replaceIf">,
  now: () => Date,
): Promise<{ examined: number; rewritten: number; skipped: number }> {
  const run = { examined: 0, rewritten: 0, skipped: 0 };
  for await (const page of stored.pages()) {
    for (const notice of page) {
      run.examined += 1;
      if (await notices.replaceIf(migratedNotice(notice, now()), notice.status)) run.rewritten += 1;
      else run.skipped += 1;
    }
  }
  return run;
}
