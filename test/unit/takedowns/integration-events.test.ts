import { copyNoticeStateToThreat, type NoticeState } from "@lg/domain/takedowns/threat-takedown";
import { changeThreatStatus } from "@lg/domain/threats/threat-status";
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { threat, USER } from "./fakes.js";

let threats: InMemoryThreatRepository;
let told: string[];
const events = {
  threatUpdated: async (userId: string, threatId: string) => {
    told.push(`threat.updated ${userId} ${threatId}`);
  },
  takedownResolved: async (userId: string, noticeId: string) => {
    told.push(`takedown.resolved ${userId} ${noticeId}`);
  },
};

const notice = (status: NoticeState["status"]): NoticeState => ({
  userId: USER,
  noticeId: "notice-1",
  threatId: threat().id,
  status,
  channel: "email",
  createdAt: "2026-11-21T08:00:00.000Z",
  sentAt: "2026-11-21T08:00:00.000Z",
});

beforeEach(async () => {
  threats = new InMemoryThreatRepository();
  told = [];
  await threats.createIfAbsent(threat());
});

describe("webhook events where threats and notices change", () => {
  it("tells threat.updated once a threat's status changed, and nothing for a refused or empty change", async () => {
    const id = threat().id;
    await changeThreatStatus(
      threats,
      { userId: USER, threatId: id, to: "dismissed", actor: "user" },
      undefined,
      events,
    );
    expect(told).toEqual([`threat.updated ${USER} ${id}`]);
    await changeThreatStatus(
      threats,
      { userId: USER, threatId: id, to: "dismissed", actor: "user" },
      undefined,
      events,
    );
    await expect(
      changeThreatStatus(threats, { userId: USER, threatId: id, to: "removed", actor: "user" }, undefined, events),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(told).toHaveLength(1);
  });

  it("tells takedown.resolved when a notice's content is removed, rejected or closed, never for a sent one", async () => {
    await copyNoticeStateToThreat(threats, notice("sent"), new Date("2026-11-21T09:00:00Z"), events);
    expect(told).toEqual([]);
    await copyNoticeStateToThreat(threats, notice("removed"), new Date("2026-11-21T10:00:00Z"), events);
    expect(told).toEqual([`takedown.resolved ${USER} notice-1`]);
  });

  it("tells nothing for a stale copy the threat does not take", async () => {
    await copyNoticeStateToThreat(threats, notice("sent"), new Date("2026-11-21T10:00:00Z"), events);
    await copyNoticeStateToThreat(threats, notice("closed"), new Date("2026-11-21T09:00:00Z"), events);
    expect(told).toEqual([]);
  });
});
