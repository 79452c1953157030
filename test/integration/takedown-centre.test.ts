/**
 * The takedown centre against the whole local stack: a notice sent through the API, the scheduled
 * re-check job (the module EventBridge Scheduler and the local scheduler invoke) fetching the
 * content from the platform simulator, the simulator taking the item down, and the next re-check
 * recording "removed". Time passing is simulated by making the notice's re-check due.
 */
import { createHash } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoNoticeRepository, DynamoStoredNotices } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { migrateTakedownNotices } from "@lg/domain/takedowns/notice-migration";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { CONFIRMATION_PROMPTS } from "@lg/notices";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SCHEDULED_JOBS } from "../../lambdas/src/workflows/tasks.js";
import { lambdaContext } from "../../local/src/lambda/lambda-context.js";
import { clientConfig } from "./local-clients.js";
import { COPY_OF_ENROLLED_PHOTO, enrolledPhotoItem, plantThreat, readyForNotices } from "./planted-threat.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")));
const table = stack.env.TABLE_NAME ?? "";
const threats = new DynamoThreatRepository(doc, table);
const notices = new DynamoNoticeRepository(doc, table);
const baseUrls = JSON.parse(stack.env.CONNECTOR_BASE_URLS ?? "{}") as Record<string, string>;
const simulator = new URL(baseUrls.reddit ?? "http://missing").origin;

interface ScenarioItem {
  no: number;
  source: string;
  channel: string;
  planted: unknown;
  media: { kind: string; url: string }[];
}

interface TimelineEvent {
  kind: string;
  source: string;
  outcome?: string;
  detail?: string;
}
interface Detail {
  id: string;
  state: string;
  basis: { route: string; label: string };
  recipient: string;
  channel: string;
  noticeText: string;
  nextCheckAt?: string;
  timeline: TimelineEvent[];
  actions: string[];
}

const call = (path: string, cookie: string, json?: unknown) =>
  fetch(api(path), {
    method: json === undefined ? "GET" : "POST",
    headers: { cookie, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });

async function detailOf(cookie: string, id: string): Promise<Detail> {
  const response = await call(`/api/takedowns/${id}`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as Detail;
}

/** Runs the scheduled re-check job once, as the scheduler would, after making the notice due ("an hour passes"). */
async function runRecheckJob(userId: string, noticeId: string) {
  const stored = await notices.get(userId, noticeId);
  if (stored?.nextCheckAt) {
    await notices.put({ ...stored, nextCheckAt: new Date(Date.now() - 1000).toISOString() });
  }
  Object.assign(process.env, stack.env);
  const { handler } = (await import(`../../${SCHEDULED_JOBS.trackTakedowns.entry}`)) as {
    handler: (event: unknown, context: unknown) => Promise<{ checked: number; removed: number }>;
  };
  return handler({}, lambdaContext("job-trackTakedowns"));
}

async function enrolPhoto(userId: string, sampleId: string, mediaSha256?: string) {
  await doc.send(new PutCommand({ TableName: table, Item: enrolledPhotoItem(userId, sampleId, mediaSha256) }));
}

async function setUpPerson(person: SignedUpPerson) {
  await readyForNotices(stack.url, person, (Item) => doc.send(new PutCommand({ TableName: table, Item })), {
    sampleId: `sample-${person.userId}`,
  });
}

/** A threat on a live simulated Reddit post (a decoy, so the scan tests' planted items stay up), keyed by its photo's hash, which the person enrolled. */
async function threatOnSimulatedPost(userId: string, threatId: string, item: ScenarioItem) {
  const media = item.media[0]?.url ?? "";
  const bytes = Buffer.from(await (await fetch(media)).arrayBuffer());
  const url = `${baseUrls.reddit}/${item.channel}/comments/${item.no.toString(36)}/`;
  const mediaSha256 = createHash("sha256").update(bytes).digest("hex");
  // A re-post of a photo the person enrolled: a copyright claim can name that photo.
  await plantThreat(threats, userId, threatId, { ...COPY_OF_ENROLLED_PHOTO, url, mediaSha256 });
  await enrolPhoto(userId, `sample-${threatId}`, mediaSha256);
  return url;
}

let ada: SignedUpPerson;
let bo: SignedUpPerson;
let decoys: ScenarioItem[];

beforeAll(async () => {
  ada = await signUp(stack.url, "ada-centre");
  bo = await signUp(stack.url, "bo-centre");
  await setUpPerson(ada);
  const scenario = (await (await fetch(`${simulator}/__scenario`)).json()) as { items: ScenarioItem[] };
  decoys = scenario.items.filter((i) => i.source === "reddit" && !i.planted && i.media[0]?.kind === "image");
  expect(decoys.length).toBeGreaterThanOrEqual(2);
}, 120_000);

afterAll(() => doc.destroy());

async function sendDmca(threatId: string): Promise<string> {
  const claimCopyright = { sampleId: `sample-${threatId}` };
  const draft = (await (await call("/api/dmca", ada.cookie, { threatId, claimCopyright })).json()) as {
    requiresConfirmation: string[];
  };
  const sent = await call("/api/dmca/send", ada.cookie, {
    threatId,
    confirmations: draft.requiresConfirmation ?? Object.values(CONFIRMATION_PROMPTS),
    claimCopyright,
  });
  expect(sent.status).toBe(200);
  const outcome = (await sent.json()) as { state: string; noticeId: string };
  expect(outcome.state).toBe("sent");
  return outcome.noticeId;
}

describe("the takedown centre on the local stack", () => {
  it("follows a sent notice through re-checks to 'removed' once the platform took the item down", async () => {
    const threatId = `centre-${ada.userId}`;
    const item = decoys[0] as ScenarioItem;
    const url = await threatOnSimulatedPost(ada.userId, threatId, item);
    const noticeId = await sendDmca(threatId);

    const listed = (await (await call("/api/takedowns", ada.cookie)).json()) as {
      items: { id: string; state: string; nextCheckAt?: string }[];
    };
    expect(listed.items[0]).toMatchObject({ id: noticeId, state: "sent" });
    expect(listed.items[0]?.nextCheckAt).toBeDefined();
    let detail = await detailOf(ada.cookie, noticeId);
    expect(detail).toMatchObject({ basis: { route: "dmca" }, channel: "email", state: "sent" });
    expect(detail.noticeText).toContain(url);
    expect(detail.timeline.map((e) => [e.kind, e.source])).toEqual([
      ["drafted", "system"],
      ["sent", "mail_provider"],
    ]);

    // The post is still up: the re-check says so and schedules the next one.
    expect(await runRecheckJob(ada.userId, noticeId)).toMatchObject({ removed: 0 });
    detail = await detailOf(ada.cookie, noticeId);
    expect(detail.state).toBe("sent");
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "content_rechecked", outcome: "present", source: "recheck" });
    expect(Date.parse(detail.nextCheckAt ?? "")).toBeGreaterThan(Date.now());

    // The platform acts on the notice.
    const takenDown = await fetch(`${simulator}/__takedown`, { method: "POST", body: JSON.stringify({ url }) });
    expect(takenDown.status).toBe(200);
    expect((await fetch(url)).status).toBe(404);

    expect(await runRecheckJob(ada.userId, noticeId)).toMatchObject({ removed: 1 });
    detail = await detailOf(ada.cookie, noticeId);
    expect(detail.state).toBe("removed");
    expect(detail.nextCheckAt).toBeUndefined();
    expect(detail.timeline.slice(-2).map((e) => [e.kind, e.outcome])).toEqual([
      ["content_rechecked", "gone"],
      ["removed", undefined],
    ]);
    expect((await threats.get(ada.userId, threatId))?.status).toBe("removed");
  }, 180_000);

  it("answers another person's notice as not found, for reading and for acting", async () => {
    const threatId = `centre-private-${ada.userId}`;
    await threatOnSimulatedPost(ada.userId, threatId, decoys[1] as ScenarioItem);
    const noticeId = await sendDmca(threatId);
    expect((await fetch(api("/api/takedowns"))).status).toBe(401);
    expect((await fetch(api(`/api/takedowns/${noticeId}`))).status).toBe(401);
    expect((await call(`/api/takedowns/${noticeId}`, bo.cookie)).status).toBe(404);
    expect((await call(`/api/takedowns/${noticeId}/actions`, bo.cookie, { action: "close" })).status).toBe(404);
    const theirs = (await (await call("/api/takedowns", bo.cookie)).json()) as { items: unknown[] };
    expect(theirs.items).toEqual([]);
    expect((await detailOf(ada.cookie, noticeId)).state).toBe("sent");
    expect((await call("/api/takedowns?state=nonsense", ada.cookie)).status).toBe(400);
    // Pages follow the caller's own cursor; someone else's cursor opens nothing.
    const first = (await (await call("/api/takedowns?limit=1", ada.cookie)).json()) as {
      items: { id: string }[];
      nextCursor?: string;
    };
    expect(first.items.map((n) => n.id)).toEqual([noticeId]);
    const cursor = encodeURIComponent(first.nextCursor ?? "");
    const second = (await (await call(`/api/takedowns?limit=1&cursor=${cursor}`, ada.cookie)).json()) as {
      items: { id: string }[];
    };
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.id).not.toBe(noticeId);
    expect((await call(`/api/takedowns?cursor=${cursor}`, bo.cookie)).status).toBe(400);
    expect((await call(`/api/takedowns/${noticeId}/actions`, ada.cookie, { action: "delete" })).status).toBe(400);
  }, 120_000);

  it("stops re-checking a case the person closed", async () => {
    const listed = (await (await call("/api/takedowns?state=open", ada.cookie)).json()) as { items: { id: string }[] };
    const noticeId = listed.items[0]?.id ?? "";
    const closed = await call(`/api/takedowns/${noticeId}/actions`, ada.cookie, { action: "close" });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ state: "closed", actions: [] });
    const before = (await detailOf(ada.cookie, noticeId)).timeline.length;
    await runRecheckJob(ada.userId, noticeId);
    const after = await detailOf(ada.cookie, noticeId);
    expect(after.state).toBe("closed");
    expect(after.nextCheckAt).toBeUndefined();
    expect(after.timeline).toHaveLength(before);
    expect(after.timeline.at(-1)).toMatchObject({ kind: "closed", source: "user" });
    // A closed case takes no further action.
    expect((await call(`/api/takedowns/${noticeId}/actions`, ada.cookie, { action: "escalate" })).status).toBe(409);
  }, 120_000);

  it("gives a notice stored before the centre its list entry with the migration, and leaves current ones untouched", async () => {
    const listed = async () =>
      ((await (await call("/api/takedowns", ada.cookie)).json()) as { items: { id: string; state: string }[] }).items;
    const before = await listed();
    const noticeId = before[0]?.id ?? "";
    // As stored before the takedown centre: the same item without the list index's keys.
    // By its key: a filtered scan reads one page of the shared table, which may not hold it.
    const stored = await doc.send(
      new GetCommand({ TableName: table, Key: { pk: `USER#${ada.userId}`, sk: `NOTICE#${noticeId}` } }),
    );
    expect(stored.Item).toBeDefined();
    const { gsi1pk: _pk, gsi1sk: _sk, ...legacy } = stored.Item ?? {};
    await doc.send(new PutCommand({ TableName: table, Item: legacy }));
    expect((await listed()).map((n) => n.id)).not.toContain(noticeId);

    const run = await migrateTakedownNotices(new DynamoStoredNotices(doc, table), notices, () => new Date());
    expect(run.rewritten).toBeGreaterThanOrEqual(1);
    expect(await listed()).toEqual(before);
    // Run again (it runs after every deploy): nothing left to rewrite for this notice.
    const again = await migrateTakedownNotices(new DynamoStoredNotices(doc, table), notices, () => new Date());
    expect(again.rewritten).toBeLessThan(run.rewritten);
  }, 60_000);
});
