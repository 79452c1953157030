import { NoticeService } from "@lg/domain/takedowns/notice-service";
import { TakedownCentre } from "@lg/domain/takedowns/takedown-centre";
import { TakedownTracker } from "@lg/domain/takedowns/takedown-tracker";
import {
  backfillThreatTakedowns,
  type NoticeState,
  replacesTakedown,
  type ThreatTakedownRecord,
  threatTakedownOf,
} from "@lg/domain/takedowns/threat-takedown";
import { threatListItem } from "@lg/domain/threats/threat-view";
import { CONFIRMATION_PROMPTS, type ContentFetcher, defaultRecipientDirectory } from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, InMemoryPeople, RecordingMail, sequentialId, threat, USER } from "./fakes.js";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-21T08:00:00.000Z");
const ALL = Object.values(CONFIRMATION_PROMPTS);
let clock = START;
const now = () => new Date(clock);
const at = (ms: number) => new Date(ms).toISOString();

let threats: InMemoryThreatRepository;
let notices: InMemoryNotices;
let mail: RecordingMail;
let served: Awaited<ReturnType<ContentFetcher>>;

const service = () =>
  new NoticeService({
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
const centre = () => new TakedownCentre({ notices, threats, now, newId: sequentialId });
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
/** What the threat list's row for the planted threat says of its takedown. */
const rowTakedown = async (id = threat().id) => {
  const stored = await threats.get(USER, id);
  if (!stored) throw new Error("threat missing");
  return threatListItem(stored).takedown;
};

beforeEach(async () => {
  clock = START;
  threats = new InMemoryThreatRepository();
  notices = new InMemoryNotices();
  mail = new RecordingMail();
  served = { status: 200, contentType: "text/html", embeddedMediaSha256: [threat().mediaSha256] };
  await threats.createIfAbsent(threat());
});

describe("a threat's row carries its latest notice's state, copied at each transition", () => {
  it("has none before any notice; 'filing needed' once a web form waits, then 'filed' when the person says so", async () => {
    expect(await rowTakedown()).toBeNull();
    const outcome = await service().send(USER, threat().id, { confirmations: ALL });
    expect(outcome.state).toBe("filing_needed");
    expect(await rowTakedown()).toEqual({ noticeId: outcome.noticeId, state: "filing_needed" });

    clock = START + HOUR;
    await service().recordFiling(USER, outcome.noticeId);
    expect(await rowTakedown()).toEqual({ noticeId: outcome.noticeId, state: "filed", filedAt: at(START + HOUR) });
  });

  it("follows an emailed notice from 'sent' through a re-check that finds nothing new to 'removed', and the person closing another", async () => {
    const sent = await service().send(USER, threat().id, {
      confirmations: ALL,
      claimCopyright: { sampleId: "face-1" },
    });
    expect(sent.state).toBe("sent");
    expect(await rowTakedown()).toEqual({ noticeId: sent.noticeId, state: "sent", sentAt: at(START) });

    clock = START + HOUR; // still up: the notice's state is unchanged, so the threat is not rewritten
    const before = await threats.get(USER, threat().id);
    expect(await tracker().runDue()).toMatchObject({ checked: 1, rechecked: 1 });
    expect((await threats.get(USER, threat().id))?.updatedAt).toBe(before?.updatedAt);

    served = { status: 404 };
    clock = START + 2 * HOUR;
    expect(await tracker().runDue()).toMatchObject({ removed: 1 });
    expect(await rowTakedown()).toMatchObject({ noticeId: sent.noticeId, state: "removed" });

    // The same photo (face-1's file) re-posted at another address: a second copy to claim.
    await threats.createIfAbsent(threat({ id: "other", url: "https://www.reddit.com/r/pics/comments/other/" }));
    const other = await service().send(USER, "other", { confirmations: ALL, claimCopyright: { sampleId: "face-1" } });
    await centre().act(USER, other.noticeId, "acknowledged");
    expect(await rowTakedown("other")).toMatchObject({ state: "acknowledged" });
    clock += HOUR;
    await centre().act(USER, other.noticeId, "close");
    expect(await rowTakedown("other")).toMatchObject({ noticeId: other.noticeId, state: "closed" });
    expect(await rowTakedown()).toMatchObject({ noticeId: sent.noticeId, state: "removed" });
  });

  it("shows the newest notice: a later notice replaces an earlier one's state, never the other way round", async () => {
    const first = await service().send(USER, threat().id, { confirmations: ALL });
    clock = START + HOUR;
    const second = await service().send(USER, threat().id, { confirmations: ALL });
    expect(await rowTakedown()).toMatchObject({ noticeId: second.noticeId, state: "filing_needed" });
    clock = START + 2 * HOUR;
    await centre().act(USER, first.noticeId, "close");
    expect(await rowTakedown()).toMatchObject({ noticeId: second.noticeId, state: "filing_needed" });
  });
});

describe("replacesTakedown", () => {
  const copy = (over: Partial<ThreatTakedownRecord>): ThreatTakedownRecord => ({
    noticeId: "n1",
    state: "sent",
    noticeCreatedAt: at(START),
    changedAt: at(START),
    ...over,
  });
  it("lets a later state of the same notice in, and keeps a copy that lands late (read before a transition) out", () => {
    expect(replacesTakedown(undefined, copy({}))).toBe(true);
    expect(replacesTakedown(copy({}), copy({ state: "acknowledged", changedAt: at(START + HOUR) }))).toBe(true);
    expect(replacesTakedown(copy({ state: "acknowledged", changedAt: at(START + HOUR) }), copy({}))).toBe(false);
    // Two steps in one instant (filing needed, then filed): the new state goes in; the same one again is not rewritten.
    expect(replacesTakedown(copy({ state: "filing_needed" }), copy({ state: "filed" }))).toBe(true);
    expect(replacesTakedown(copy({}), copy({}))).toBe(false);
  });
  it("prefers the newer notice whatever order the copies come in", () => {
    const older = copy({ noticeId: "n1", changedAt: at(START + 5 * HOUR) });
    const newer = copy({ noticeId: "n2", noticeCreatedAt: at(START + HOUR), changedAt: at(START + HOUR) });
    expect(replacesTakedown(older, newer)).toBe(true);
    expect(replacesTakedown(newer, older)).toBe(false);
  });
});

describe("backfillThreatTakedowns (after-deploy migration)", () => {
  const stored = (list: NoticeState[]) => ({
    async *pages() {
      yield list;
    },
  });
  const notice = (over: Partial<NoticeState>): NoticeState => ({
    userId: USER,
    noticeId: "n1",
    threatId: threat().id,
    status: "sent",
    channel: "email",
    createdAt: at(START),
    sentAt: at(START),
    ...over,
  });

  it("gives a threat stored before the list carried takedowns its latest notice's state, once", async () => {
    await threats.createIfAbsent(threat({ id: "drafted", mediaSha256: "c".repeat(64) }));
    const list = [
      notice({ noticeId: "newer", createdAt: at(START + HOUR), status: "closed", closedAt: at(START + 3 * HOUR) }),
      notice({ noticeId: "older", status: "removed", removedAt: at(START + 2 * HOUR) }),
      notice({ noticeId: "draft", threatId: "drafted", status: "draft", sentAt: undefined }),
      notice({ noticeId: "gone", threatId: "erased" }),
    ];
    expect(await backfillThreatTakedowns(stored(list), threats, now)).toEqual({ examined: 4, copied: 1 });
    expect(await rowTakedown()).toEqual({ noticeId: "newer", state: "closed", sentAt: at(START) });
    expect(await rowTakedown("drafted")).toBeNull();
    expect(await backfillThreatTakedowns(stored(list), threats, now)).toEqual({ examined: 4, copied: 0 });
  });

  it("never overwrites a state a transition copied after the migration read the notice", async () => {
    const read = notice({ status: "sent", lastCheckedAt: at(START + HOUR) });
    await threats.recordTakedown(
      USER,
      threat().id,
      threatTakedownOf({ ...read, status: "acknowledged" }, at(START + 2 * HOUR)) as ThreatTakedownRecord,
      at(START + 2 * HOUR),
    );
    expect(await backfillThreatTakedowns(stored([read]), threats, now)).toEqual({ examined: 1, copied: 0 });
    expect(await rowTakedown()).toMatchObject({ state: "acknowledged" });
  });
});
