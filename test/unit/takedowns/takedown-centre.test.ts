import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SafeHttpClient } from "@lg/connectors/http/safe-http-client";
import { DomainError } from "@lg/domain/errors";
import { pageContentFetcher } from "@lg/domain/takedowns/adapters/page-content-fetcher";
import { NoticeService } from "@lg/domain/takedowns/notice-service";
import { TakedownCentre } from "@lg/domain/takedowns/takedown-centre";
import { TakedownTracker } from "@lg/domain/takedowns/takedown-tracker";
import { CONFIRMATION_PROMPTS, type ContentFetcher, checkContentGone, defaultRecipientDirectory } from "@lg/notices";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, InMemoryPeople, RecordingMail, sequentialId, threat, USER } from "./fakes.js";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-21T08:00:00.000Z");
let clock = START;
const now = () => new Date(clock);

let threats: InMemoryThreatRepository;
let notices: InMemoryNotices;
let mail: RecordingMail;
let centre: TakedownCentre;
let notifier: NoticeService;
/** What the re-fetch of the content answers next. */
let served: Awaited<ReturnType<ContentFetcher>>;

const tracker = () =>
  new TakedownTracker({
    notices,
    threats,
    people: new InMemoryPeople(),
    fetcher: async () => served,
    personMail: mail,
    directory: defaultRecipientDirectory(),
    appUrl: "https://app.example.com",
    now,
    newId: sequentialId,
  });

beforeEach(async () => {
  clock = START;
  threats = new InMemoryThreatRepository();
  notices = new InMemoryNotices();
  mail = new RecordingMail();
  centre = new TakedownCentre({ notices, threats, now, newId: sequentialId });
  notifier = new NoticeService({
    threats,
    people: new InMemoryPeople(),
    notices,
    sender: mail,
    personMail: mail,
    directory: defaultRecipientDirectory(),
    appUrl: "https://app.example.com",
    now,
    newId: sequentialId,
  });
  await threats.createIfAbsent(threat());
  served = { status: 200, contentType: "text/html", embeddedMediaSha256: [threat().mediaSha256] };
});

/** A DMCA notice on the planted threat, accepted by the mail provider. */
async function sendNotice() {
  const outcome = await notifier.send(USER, threat().id, {
    confirmations: Object.values(CONFIRMATION_PROMPTS),
    claimCopyright: { sampleId: "face-1" },
  });
  expect(outcome.state).toBe("sent");
  return outcome.noticeId;
}

describe("TakedownCentre", () => {
  it("shows a sent notice with its basis, recipient, channel, text as sent, timeline and next re-check", async () => {
    const id = await sendNotice();
    const detail = await centre.get(USER, id);
    expect(detail).toMatchObject({
      id,
      basis: { route: "dmca", label: "DMCA, 17 U.S.C. 512(c)(3)" },
      channel: "email",
      state: "sent",
      platform: "reddit",
      contentUrl: threat().url,
      nextCheckAt: new Date(START + HOUR).toISOString(),
      actions: ["close", "acknowledged", "rejected", "escalate"],
    });
    expect(detail.noticeText).toBe(notices.items.get(id)?.content);
    expect(detail.noticeText).toContain("17 U.S.C.");
    expect(detail.clock).toBeUndefined();
    expect(detail.followUpAt).toBe(new Date(START + 7 * 24 * HOUR).toISOString());
    expect(detail.timeline.map((e) => [e.kind, e.source])).toEqual([
      ["drafted", "system"],
      ["sent", "mail_provider"],
    ]);
  });

  it("answers another person's notice as not found, for reading and for acting", async () => {
    const id = await sendNotice();
    for (const attempt of [centre.get("someone-else", id), centre.act("someone-else", id, "close")]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("not-found");
    }
    expect(notices.items.get(id)?.status).toBe("sent");
  });

  it("lists newest first, a page at a time, and filters by state", async () => {
    const first = await sendNotice();
    clock += 60_000;
    const second = await sendNotice();
    clock += 60_000;
    const third = await sendNotice();
    await centre.act(USER, second, "close");
    const page1 = await centre.list(USER, { limit: 2 });
    expect(page1.items.map((n) => n.id)).toEqual([third, second]);
    expect(page1.nextCursor).toBeDefined();
    const page2 = await centre.list(USER, { limit: 2, ...(page1.nextCursor ? { cursor: page1.nextCursor } : {}) });
    expect(page2.items.map((n) => n.id)).toEqual([first]);
    expect(page2.nextCursor).toBeUndefined();
    expect((await centre.list(USER, { state: "open" })).items.map((n) => n.id)).toEqual([third, first]);
    expect((await centre.list(USER, { state: "closed" })).items.map((n) => n.id)).toEqual([second]);
    expect((await centre.list("someone-else")).items).toEqual([]);
  });

  it("re-checks on schedule: 'still up' while the content is served, then 'removed' when the re-fetch finds it gone", async () => {
    const id = await sendNotice();
    clock = START + HOUR;
    expect(await tracker().runDue()).toMatchObject({ checked: 1, rechecked: 1, removed: 0 });
    let detail = await centre.get(USER, id);
    expect(detail.state).toBe("sent");
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "content_rechecked", outcome: "present", source: "recheck" });
    expect(detail.timeline.at(-1)?.detail).toMatch(/^Still up/);
    expect(detail.nextCheckAt).toBe(new Date(START + 2 * HOUR).toISOString());

    clock = START + 90 * 60_000; // not due yet: nothing is fetched
    expect((await tracker().runDue()).checked).toBe(0);

    served = { status: 404 };
    clock = START + 2 * HOUR;
    expect(await tracker().runDue()).toMatchObject({ checked: 1, removed: 1 });
    detail = await centre.get(USER, id);
    expect(detail).toMatchObject({ state: "removed", removedAt: new Date(clock).toISOString(), actions: [] });
    expect(detail.nextCheckAt).toBeUndefined();
    expect(detail.timeline.slice(-2).map((e) => [e.kind, e.outcome])).toEqual([
      ["content_rechecked", "gone"],
      ["removed", undefined],
    ]);
    expect((await threats.get(USER, threat().id))?.status).toBe("removed");
    expect(mail.sent.at(-1)?.subject).toBe("Removed from Reddit");
    expect(mail.sent.at(-1)?.text).toContain(`https://app.example.com/takedowns/${id}`);
  });

  it("re-checks the most overdue cases first, at most the run's budget, leaving the rest for the next run", async () => {
    await sendNotice();
    clock += 60_000;
    await sendNotice();
    clock = START + 3 * HOUR;
    const limited = new TakedownTracker({
      notices,
      threats,
      people: new InMemoryPeople(),
      fetcher: async () => served,
      personMail: mail,
      directory: defaultRecipientDirectory(),
      appUrl: "https://app.example.com",
      now,
      newId: sequentialId,
      maxPerRun: 1,
    });
    expect((await limited.runDue()).checked).toBe(1);
    expect((await limited.runDue()).checked).toBe(1);
    expect((await limited.runDue()).checked).toBe(0);
  });

  it("stops re-checking a case the person closed", async () => {
    const id = await sendNotice();
    const closed = await centre.act(USER, id, "close");
    expect(closed).toMatchObject({ state: "closed", actions: [] });
    expect(closed.timeline.at(-1)).toMatchObject({ kind: "closed", source: "user" });
    clock = START + 30 * 24 * HOUR;
    served = { status: 404 };
    expect((await tracker().runDue()).checked).toBe(0);
    expect((await centre.get(USER, id)).state).toBe("closed");
  });

  it("records the platform's answer as the person reported it, and refuses one the state does not allow", async () => {
    const id = await sendNotice();
    const acknowledged = await centre.act(USER, id, "acknowledged", "Ticket 4411");
    expect(acknowledged.state).toBe("acknowledged");
    expect(acknowledged.timeline.at(-1)).toMatchObject({ kind: "acknowledged", source: "user", detail: "Ticket 4411" });
    const escalated = await centre.act(USER, id, "escalate");
    expect(escalated.escalationOptions.length).toBeGreaterThan(0);
    expect(escalated.timeline.at(-1)).toMatchObject({ kind: "escalated", source: "user" });
    await centre.act(USER, id, "close");
    const refused = await centre.act(USER, id, "rejected").catch((e: unknown) => e);
    expect((refused as DomainError).kind).toBe("conflict");
  });

  it("shows a web-form notice as 'filing needed' with nothing sent, then 'filed' as the person said", async () => {
    const outcome = await notifier.send(USER, threat().id, { confirmations: Object.values(CONFIRMATION_PROMPTS) });
    expect(outcome.state).toBe("filing_needed");
    let detail = await centre.get(USER, outcome.noticeId);
    expect(detail).toMatchObject({ state: "filing_needed", channel: "web_form", actions: ["close"] });
    expect(detail.sentAt).toBeUndefined();
    expect(detail.timeline.map((e) => e.kind)).toEqual(["drafted", "filing_needed"]);
    await notifier.recordFiling(USER, outcome.noticeId);
    detail = await centre.get(USER, outcome.noticeId);
    expect(detail.state).toBe("filed");
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "filed", source: "user" });
  });
});

describe("re-fetching a page through the connectors' safe client", () => {
  const photo = Buffer.from("the reported photo");
  const other = Buffer.from("another photo");
  const photoSha = createHash("sha256").update(photo).digest("hex");
  let mediaStatus = 200;
  let server: http.Server;
  let origin = "";
  let fetcher: ContentFetcher;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/post") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(
          `<html><head><meta property="og:image" content="/photo.jpg"></head><body><img src="/other.jpg"></body></html>`,
        );
      } else if (req.url === "/photo.jpg") {
        res.writeHead(mediaStatus, { "content-type": "image/jpeg" });
        res.end(mediaStatus === 200 ? photo : "");
      } else if (req.url === "/other.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        res.end(other);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new SafeHttpClient({
      allowedHosts: [new URL(origin).host],
      backoff: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    fetcher = pageContentFetcher(client, { maxBytes: 1024 * 1024, maxMedia: 12 });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("finds the reported media still on the page, gone when its file answers 404, and undecided on a server error", async () => {
    mediaStatus = 200;
    expect(await checkContentGone(`${origin}/post`, photoSha, fetcher)).toEqual({
      outcome: "present",
      reason: "media_still_served",
    });
    mediaStatus = 404;
    expect(await checkContentGone(`${origin}/post`, photoSha, fetcher)).toEqual({
      outcome: "gone",
      reason: "media_not_on_page",
    });
    mediaStatus = 500;
    // A media file that could not be read leaves the page "still up": never counted as removed.
    expect((await checkContentGone(`${origin}/post`, photoSha, fetcher)).outcome).not.toBe("gone");
    expect(await checkContentGone(`${origin}/missing`, photoSha, fetcher)).toEqual({
      outcome: "gone",
      reason: "http_404",
    });
  });
});
