import { createHash } from "node:crypto";
import { type CheckResult, checkContentGone, nextTrackingStep, removalDeadline } from "@lg/notices";
import { describe, expect, it } from "vitest";

const HOUR = 3_600_000;
const SENT = "2026-11-20T00:00:00.000Z";
const at = (hours: number) => new Date(Date.parse(SENT) + hours * HOUR);
const present: CheckResult = { outcome: "present", reason: "page_still_up" };
const gone: CheckResult = { outcome: "gone", reason: "http_404" };

describe("removal deadlines", () => {
  it("are 48 hours for TAKE IT DOWN and 7 days for DMCA, DSA and platform reports", () => {
    expect(removalDeadline("take_it_down", SENT)).toBe(at(48).toISOString());
    for (const route of ["dmca", "dsa_article_16", "platform_report"] as const) {
      expect(removalDeadline(route, SENT)).toBe(at(7 * 24).toISOString());
    }
  });
});

describe("nextTrackingStep", () => {
  const tidaNotice = {
    route: "take_it_down" as const,
    sentAt: SENT,
    deadlineAt: removalDeadline("take_it_down", SENT),
  };
  const dmcaNotice = { route: "dmca" as const, sentAt: SENT, deadlineAt: removalDeadline("dmca", SENT) };

  it("marks the threat removed with the time it took", () => {
    expect(nextTrackingStep(dmcaNotice, gone, at(5))).toEqual({
      action: "removed",
      removedAt: at(5).toISOString(),
      timeToRemovalMs: 5 * HOUR,
    });
  });

  it("re-checks on a backoff (1, 2, 4, 8, 16, 24 h, then daily)", () => {
    const schedule: number[] = [];
    let now = at(0);
    for (let i = 0; i < 9; i++) {
      const step = nextTrackingStep(dmcaNotice, present, now);
      if (step.action !== "recheck") throw new Error(`unexpected ${step.action}`);
      now = new Date(step.nextCheckAt);
      schedule.push((now.getTime() - Date.parse(SENT)) / HOUR);
    }
    expect(schedule).toEqual([1, 2, 4, 8, 16, 24, 48, 72, 96]);
  });

  it("never schedules past the deadline: the last TAKE IT DOWN check is at 48 h", () => {
    const step = nextTrackingStep(tidaNotice, present, at(30));
    expect(step).toEqual({ action: "recheck", nextCheckAt: at(48).toISOString() });
  });

  it("reports the deadline passed when the content is still there at the deadline", () => {
    expect(nextTrackingStep(tidaNotice, present, at(48))).toEqual({
      action: "deadline_passed",
      deadlineAt: at(48).toISOString(),
      lastCheck: present,
    });
    expect(nextTrackingStep(dmcaNotice, present, at(47)).action).toBe("recheck");
    expect(nextTrackingStep(dmcaNotice, present, at(7 * 24)).action).toBe("deadline_passed");
  });

  it("keeps checking after an inconclusive fetch", () => {
    expect(nextTrackingStep(dmcaNotice, { outcome: "inconclusive", reason: "HTTP 503" }, at(3)).action).toBe("recheck");
  });
});

describe("checkContentGone", () => {
  const media = Buffer.from("the captured deepfake bytes");
  const sha = createHash("sha256").update(media).digest("hex");
  const url = "https://cdn.example.com/v/1.mp4";

  it("treats 404, 410 and 451 as gone", async () => {
    for (const [status, reason] of [
      [404, "http_404"],
      [410, "http_410"],
      [451, "http_451"],
    ] as const) {
      expect(await checkContentGone(url, sha, async () => ({ status }))).toEqual({ outcome: "gone", reason });
    }
  });

  it("compares the served media with the captured hash", async () => {
    const same = await checkContentGone(url, sha, async () => ({ status: 200, contentType: "video/mp4", body: media }));
    expect(same.outcome).toBe("present");
    const other = await checkContentGone(url, sha, async () => ({
      status: 200,
      contentType: "image/png",
      body: Buffer.from("placeholder: removed"),
    }));
    expect(other).toEqual({ outcome: "gone", reason: "media_replaced" });
  });

  it("looks for the hash among a page's media", async () => {
    const page = (hashes: string[]) => async () => ({
      status: 200,
      contentType: "text/html",
      embeddedMediaSha256: hashes,
    });
    expect((await checkContentGone(url, sha, page([sha.toUpperCase()]))).outcome).toBe("present");
    expect(await checkContentGone(url, sha, page(["00ff"]))).toEqual({ outcome: "gone", reason: "media_not_on_page" });
  });

  it("does not guess: a page without a media list is present, errors are inconclusive", async () => {
    expect((await checkContentGone(url, sha, async () => ({ status: 200, contentType: "text/html" }))).outcome).toBe(
      "present",
    );
    expect((await checkContentGone(url, sha, async () => ({ status: 503 }))).outcome).toBe("inconclusive");
    const failing = await checkContentGone(url, sha, async () => {
      throw new Error("ECONNRESET");
    });
    expect(failing).toMatchObject({ outcome: "inconclusive", reason: expect.stringContaining("ECONNRESET") });
  });
});
