import { describe, expect, it } from "vitest";
import { noticeFileName } from "./notice-file-name";

describe("a downloaded notice's file name", () => {
  it("names the notice by its basis: a report or referral is never saved as a DMCA notice", () => {
    expect(noticeFileName("dmca", "t1")).toBe("dmca-t1.txt");
    expect(noticeFileName("platform_report", "t1")).toBe("platform-report-t1.txt");
    expect(noticeFileName("take_it_down", "t1")).toBe("take-it-down-t1.txt");
    expect(noticeFileName("dsa_article_16", "t1")).toBe("dsa-article-16-t1.txt");
    expect(noticeFileName("none", "t1")).toBe("referral-t1.txt");
    expect(noticeFileName(undefined, "t1")).toBe("notice-t1.txt");
  });
});
