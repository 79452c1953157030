import { DomainError } from "@lg/domain/errors";
import { allowedActions, applyCaseAction, legalClock, timelineOf } from "@lg/domain/takedowns/notice-case";
import type { TakedownNoticeRecord } from "@lg/domain/takedowns/ports";
import { DAILY_UNTIL_MS, decideRecheck, nextRecheckAt, WEEKLY_MS } from "@lg/domain/takedowns/recheck";
import { describe, expect, it } from "vitest";
import { threat, USER } from "./fakes.js";

const HOUR = 3_600_000;
const SENT = "2026-11-21T08:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(SENT) + ms);

const notice = (overrides: Partial<TakedownNoticeRecord> = {}): TakedownNoticeRecord => ({
  userId: USER,
  noticeId: "n-1",
  threatId: threat().id,
  route: "take_it_down",
  recipient: "ncii@example.com",
  content: "notice text",
  status: "sent",
  channel: "email",
  sentAt: SENT,
  deadlineAt: at(48 * HOUR).toISOString(),
  nextCheckAt: at(HOUR).toISOString(),
  automatic: false,
  createdAt: SENT,
  ...overrides,
});

describe("a notice's case actions", () => {
  it("offers the platform's answers and escalation only once the notice left, and nothing after removal", () => {
    expect(allowedActions("filing_needed")).toEqual(["close"]);
    expect(allowedActions("sent")).toEqual(["close", "acknowledged", "rejected", "escalate"]);
    expect(allowedActions("rejected")).toEqual(["close", "escalate"]);
    expect(allowedActions("removed")).toEqual([]);
    expect(allowedActions("closed")).toEqual([]);
  });

  it("closing stops the re-checks and records the person as the source", () => {
    const { notice: closed, event } = applyCaseAction(notice(), "close", at(3 * HOUR));
    expect(closed).toMatchObject({ status: "closed", closedAt: at(3 * HOUR).toISOString() });
    expect(closed.nextCheckAt).toBeUndefined();
    expect(event).toMatchObject({ kind: "closed", source: "user" });
  });

  it("records a rejection as reported by the person, with their note, and keeps re-checking", () => {
    const { notice: rejected, event } = applyCaseAction(notice(), "rejected", at(5 * HOUR), " Said it is satire ");
    expect(rejected.status).toBe("rejected");
    expect(rejected.nextCheckAt).toBe(notice().nextCheckAt);
    expect(event).toEqual({ kind: "rejected", source: "user", detail: "Said it is satire" });
  });

  it("refuses an action the state does not allow with a conflict", () => {
    const error = (() => {
      try {
        applyCaseAction(notice({ status: "removed" }), "acknowledged", at(HOUR));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("conflict");
  });
});

describe("the TAKE IT DOWN 48-hour clock", () => {
  it("runs from sending with the time left, and only for TAKE IT DOWN", () => {
    expect(legalClock(notice(), at(10 * HOUR))).toMatchObject({
      hours: 48,
      state: "running",
      remainingMs: 38 * HOUR,
      deadlineAt: at(48 * HOUR).toISOString(),
    });
    expect(legalClock(notice({ route: "dmca" }), at(10 * HOUR))).toBeUndefined();
    expect(legalClock(notice({ status: "filing_needed", sentAt: undefined }), at(HOUR))).toBeUndefined();
  });

  it("says met when removed in time, missed when not, stopped when closed", () => {
    expect(
      legalClock(notice({ status: "removed", removedAt: at(20 * HOUR).toISOString() }), at(60 * HOUR))?.state,
    ).toBe("met");
    expect(legalClock(notice(), at(49 * HOUR))).toMatchObject({ state: "missed", remainingMs: 0 });
    expect(legalClock(notice({ status: "closed" }), at(10 * HOUR))?.state).toBe("stopped");
  });
});

describe("the re-check decision", () => {
  it("calls the content removed only when the re-fetch found it gone", () => {
    const gone = decideRecheck(notice(), { outcome: "gone", reason: "http_404" }, at(2 * HOUR));
    expect(gone.removed).toBe(true);
    expect(gone.notice).toMatchObject({ status: "removed", timeToRemovalMs: 2 * HOUR });
    expect(gone.notice.nextCheckAt).toBeUndefined();
    expect(gone.events.map((e) => [e.kind, e.outcome])).toEqual([
      ["content_rechecked", "gone"],
      ["removed", undefined],
    ]);

    for (const check of [
      { outcome: "present", reason: "page_still_up" },
      { outcome: "inconclusive", reason: "HTTP 503" },
    ] as const) {
      const kept = decideRecheck(notice(), check, at(HOUR));
      expect(kept.removed).toBe(false);
      expect(kept.notice.status).toBe("sent");
      expect(kept.notice.nextCheckAt).toBe(at(2 * HOUR).toISOString());
      expect(kept.events).toHaveLength(1);
      expect(kept.events[0]).toMatchObject({ kind: "content_rechecked", source: "recheck", outcome: check.outcome });
    }
    expect(
      decideRecheck(notice(), { outcome: "present", reason: "page_still_up" }, at(HOUR)).events[0]?.detail,
    ).toMatch(/^Still up/);
  });

  it("does not count a page that still answers without the captured file as removal", () => {
    const kept = decideRecheck(notice(), { outcome: "gone", reason: "media_not_on_page" }, at(HOUR));
    expect(kept.removed).toBe(false);
    expect(kept.notice.status).toBe("sent");
    expect(kept.notice.lastCheck).toEqual({ outcome: "inconclusive", reason: "media_not_on_page" });
    expect(kept.events[0]?.detail).toMatch(/^Not decided: the page still answers but no longer shows/);
  });

  it("marks the deadline passed once and keeps re-checking until the content is gone or the case is closed", () => {
    const first = decideRecheck(notice(), { outcome: "present", reason: "media_still_served" }, at(48 * HOUR));
    expect(first.deadlinePassed).toBe(true);
    expect(first.notice.status).toBe("deadline_passed");
    expect(first.events.map((e) => e.kind)).toEqual(["content_rechecked", "deadline_passed"]);
    expect(first.notice.nextCheckAt).toBe(at(72 * HOUR).toISOString());

    const later = decideRecheck(first.notice, { outcome: "present", reason: "media_still_served" }, at(72 * HOUR));
    expect(later.deadlinePassed).toBe(false);
    // The platform's acknowledgement after the deadline does not make the deadline pass a second time.
    const acknowledged = applyCaseAction(first.notice, "acknowledged", at(60 * HOUR)).notice;
    expect(
      decideRecheck(acknowledged, { outcome: "present", reason: "media_still_served" }, at(72 * HOUR)).deadlinePassed,
    ).toBe(false);
    expect(later.events.map((e) => e.kind)).toEqual(["content_rechecked"]);
    expect(later.notice.nextCheckAt).toBe(at(96 * HOUR).toISOString());
  });

  it("backs off: 1, 2, 4, 8, 16, 24 hours, then daily for a month, then weekly; the deadline gets its own check", () => {
    const deadline = at(48 * HOUR).toISOString();
    const schedule = [0, 1, 2, 4, 8, 16].map((h) => nextRecheckAt(SENT, undefined, at(h * HOUR)));
    expect(schedule).toEqual([1, 2, 4, 8, 16, 24].map((h) => at(h * HOUR).toISOString()));
    expect(nextRecheckAt(SENT, undefined, at(24 * HOUR))).toBe(at(48 * HOUR).toISOString());
    expect(nextRecheckAt(SENT, deadline, at(30 * HOUR))).toBe(deadline);
    expect(nextRecheckAt(SENT, undefined, at(DAILY_UNTIL_MS))).toBe(at(DAILY_UNTIL_MS + WEEKLY_MS).toISOString());
    expect(nextRecheckAt(SENT, undefined, at(DAILY_UNTIL_MS + WEEKLY_MS + HOUR))).toBe(
      at(DAILY_UNTIL_MS + 2 * WEEKLY_MS).toISOString(),
    );
  });
});

describe("a notice's timeline", () => {
  it("rebuilds one from the notice's own dates when none was stored", () => {
    const rebuilt = timelineOf(notice({ status: "removed", removedAt: at(5 * HOUR).toISOString() }), []);
    expect(rebuilt.map((e) => [e.kind, e.source])).toEqual([
      ["drafted", "system"],
      ["sent", "mail_provider"],
      ["removed", "recheck"],
    ]);
    const form = timelineOf(notice({ channel: "web_form", status: "filing_needed", sentAt: undefined }), []);
    expect(form.map((e) => e.kind)).toEqual(["drafted", "filing_needed"]);
  });
});

describe("notices stored before the takedown centre", () => {
  it("resume re-checks where the deadline had ended them, and are rewritten once each", async () => {
    const { migratedNotice, migrateTakedownNotices } = await import("@lg/domain/takedowns/notice-migration");
    const now = at(72 * HOUR);
    const stopped = notice({ status: "deadline_passed", nextCheckAt: undefined });
    expect(migratedNotice(stopped, now).nextCheckAt).toBe(now.toISOString());
    expect(migratedNotice(notice(), now)).toEqual(notice());
    const written: string[] = [];
    const run = await migrateTakedownNotices(
      {
        async *pages() {
          yield [stopped, notice({ noticeId: "n-2" })];
        },
      },
      {
        replaceIf: async (n, status) => {
          written.push(`${n.noticeId}:${status}`);
          return n.noticeId !== "n-2";
        },
      },
      () => now,
    );
    expect(run).toEqual({ examined: 2, rewritten: 1, skipped: 1 });
    expect(written).toEqual(["n-1:deadline_passed", "n-2:sent"]);
  });
});
