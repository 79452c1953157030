import { countUsage } from "@lg/domain/system/usage-figures";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-27T03:00:00.000Z");

describe("usage figures counted from our records", () => {
  it("counts people with an enrolment once however many samples, threats, sent notices and removals, each since its first record", () => {
    const figures = countUsage(
      [
        { pk: "USER#a", sk: "BIOMETRIC#a#face#1", createdAt: "2026-11-02T10:00:00.000Z" },
        { pk: "USER#a", sk: "BIOMETRIC#a#voice#2", createdAt: "2026-11-01T10:00:00.000Z" },
        { pk: "USER#b", sk: "BIOMETRIC#b#face#3", createdAt: "2026-11-05T10:00:00.000Z" },
        { pk: "USER#a", sk: "THREAT#t1", status: "active", createdAt: "2026-11-03T00:00:00.000Z" },
        { pk: "USER#a", sk: "THREAT#t2", status: "false_positive", createdAt: "2026-11-02T00:00:00.000Z" },
        { pk: "USER#a", sk: "NOTICE#n1", status: "draft", createdAt: "2026-11-03T00:00:00.000Z" },
        { pk: "USER#a", sk: "NOTICE#n2", status: "sent", sentAt: "2026-11-04T00:00:00.000Z" },
        {
          pk: "USER#b",
          sk: "NOTICE#n3",
          status: "removed",
          filedAt: "2026-11-06T00:00:00.000Z",
          removedAt: "2026-11-08T00:00:00.000Z",
        },
        { pk: "USER#a", sk: "PROFILE", createdAt: "2026-10-01T00:00:00.000Z" },
      ],
      NOW,
    );
    expect(figures).toEqual({
      peopleProtected: { count: 2, since: "2026-11-01T10:00:00.000Z" },
      threatsFound: { count: 1, since: "2026-11-03T00:00:00.000Z" },
      noticesSent: { count: 2, since: "2026-11-04T00:00:00.000Z" },
      contentRemoved: { count: 1, since: "2026-11-08T00:00:00.000Z" },
      countedAt: NOW.toISOString(),
    });
  });

  it("says zero, with no date, for what has never happened", () => {
    const figures = countUsage([], NOW);
    expect(figures.threatsFound).toEqual({ count: 0 });
    expect(figures.peopleProtected).toEqual({ count: 0 });
  });
});
