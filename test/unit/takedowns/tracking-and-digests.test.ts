import { DigestService } from "@lg/domain/takedowns/digest-service";
import type { TakedownNoticeRecord } from "@lg/domain/takedowns/ports";
import { TakedownTracker } from "@lg/domain/takedowns/takedown-tracker";
import { type ContentFetcher, defaultRecipientDirectory } from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import {
  InMemoryAlerts,
  InMemoryNotices,
  InMemoryPeople,
  profile,
  RecordingMail,
  sequentialId,
  threat,
  USER,
} from "./fakes.js";

const SENT = "2026-11-21T08:00:00.000Z";
const notice = (overrides: Partial<TakedownNoticeRecord> = {}): TakedownNoticeRecord => ({
  userId: USER,
  noticeId: "n-1",
  threatId: threat().id,
  route: "dmca",
  recipient: "copyright@reddit.com",
  content: "notice text",
  status: "sent",
  sentAt: SENT,
  deadlineAt: "2026-11-28T08:00:00.000Z",
  nextCheckAt: "2026-11-21T09:00:00.000Z",
  automatic: false,
  createdAt: SENT,
  ...overrides,
});

let threats: InMemoryThreatRepository;
let notices: InMemoryNotices;
let mail: RecordingMail;

beforeEach(async () => {
  threats = new InMemoryThreatRepository();
  notices = new InMemoryNotices();
  mail = new RecordingMail();
  await threats.createIfAbsent(threat({ status: "takedown_requested" }));
});

const tracker = (now: string, fetcher: ContentFetcher) =>
  new TakedownTracker({
    notices,
    threats,
    people: new InMemoryPeople(),
    fetcher,
    personMail: mail,
    directory: defaultRecipientDirectory(),
    appUrl: "https://app.example.com",
    now: () => new Date(now),
    newId: sequentialId,
  });

describe("TakedownTracker", () => {
  it("records removal and its time, marks the threat removed and tells the person", async () => {
    await notices.put(notice());
    const run = await tracker("2026-11-21T10:00:00.000Z", async () => ({ status: 404 })).runDue();
    expect(run).toEqual({ checked: 1, removed: 1, deadlinePassed: 0, rechecked: 0 });
    expect(notices.items.get("n-1")).toMatchObject({ status: "removed", timeToRemovalMs: 2 * 3_600_000 });
    expect(notices.items.get("n-1")?.nextCheckAt).toBeUndefined();
    expect((await threats.get(USER, threat().id))?.status).toBe("removed");
    expect(threats.audit.at(-1)).toMatchObject({ actor: "system", to: "removed" });
    expect(mail.sent[0]).toMatchObject({ to: "ada.moreno@example.com", subject: "Removed from Reddit" });
    expect(mail.sent[0]?.text).toContain("2 hours");
  });

  it("schedules the next check while the page is still up before the deadline", async () => {
    await notices.put(notice());
    const run = await tracker("2026-11-21T09:00:00.000Z", async () => ({
      status: 200,
      contentType: "text/html",
    })).runDue();
    expect(run.rechecked).toBe(1);
    expect(notices.items.get("n-1")).toMatchObject({ status: "sent", nextCheckAt: "2026-11-21T10:00:00.000Z" });
    expect(mail.sent).toHaveLength(0);
  });

  it("marks the deadline passed and offers escalation", async () => {
    await notices.put(notice({ nextCheckAt: "2026-11-28T08:00:00.000Z" }));
    const run = await tracker("2026-11-28T08:00:00.000Z", async () => ({ status: 200 })).runDue();
    expect(run.deadlinePassed).toBe(1);
    expect(notices.items.get("n-1")?.status).toBe("deadline_passed");
    expect(mail.sent[0]?.subject).toMatch(/you can escalate/);
    expect((await threats.get(USER, threat().id))?.status).toBe("takedown_requested");
  });

  it("leaves notices not yet due alone", async () => {
    await notices.put(notice({ nextCheckAt: "2026-11-21T12:00:00.000Z" }));
    const run = await tracker("2026-11-21T10:00:00.000Z", async () => ({ status: 404 })).runDue();
    expect(run.checked).toBe(0);
  });
});

describe("DigestService", () => {
  const digests = (people: InMemoryPeople, alerts: InMemoryAlerts, now: string) =>
    new DigestService({
      alerts,
      threats,
      people,
      email: mail,
      directory: defaultRecipientDirectory(),
      appUrl: "https://app.example.com",
      now: () => new Date(now),
      runIntervalMs: 24 * 3_600_000,
    });

  it("sends one daily digest of the queued alerts and settles them", async () => {
    const alerts = new InMemoryAlerts();
    const queued = { userId: USER, threatId: threat().id, channel: "email" as const, status: "queued" as const };
    await alerts.put({ ...queued, alertId: "a1", createdAt: "2026-11-21T01:00:00.000Z" });
    const people = new InMemoryPeople(profile({ notificationSettings: { frequency: "daily" } }));
    expect(await digests(people, alerts, "2026-11-21T08:00:00.000Z").sendDue()).toEqual({ digests: 1, alerts: 1 });
    expect(mail.sent[0]?.subject).toBe("Daily LikenessGuard digest: 1 new threat");
    expect(await alerts.queued()).toEqual([]);
  });

  it("holds a weekly digest until a week has gathered", async () => {
    const alerts = new InMemoryAlerts();
    await alerts.put({
      userId: USER,
      alertId: "a1",
      threatId: threat().id,
      channel: "email",
      status: "queued",
      createdAt: "2026-11-20T08:00:00.000Z",
    });
    const people = new InMemoryPeople(profile({ notificationSettings: { frequency: "weekly" } }));
    expect(await digests(people, alerts, "2026-11-21T08:00:00.000Z").sendDue()).toEqual({ digests: 0, alerts: 0 });
    expect(await digests(people, alerts, "2026-11-26T08:00:00.000Z").sendDue()).toEqual({ digests: 1, alerts: 1 });
    expect(mail.sent[0]?.subject).toMatch(/^Weekly/);
  });
});
