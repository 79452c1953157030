/**
 * The threat list's takedown state on the local stack: each row of GET /api/threats carries its
 * latest notice's state, from the moment the notice is made and after each change (filed, the
 * person's actions in the takedown centre), read from the threat itself; and the after-deploy
 * backfill restores it on a threat stored without it.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoNoticeStates } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { backfillThreatTakedowns } from "@lg/domain/takedowns/threat-takedown";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { CONFIRMATION_PROMPTS } from "@lg/notices";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { COPY_OF_ENROLLED_PHOTO, PLANTED_MEDIA_SHA256, plantThreat, readyForNotices } from "./planted-threat.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")));
const table = stack.env.TABLE_NAME ?? "";
const threats = new DynamoThreatRepository(doc, table);

interface Row {
  id: string;
  status: string;
  takedown: { noticeId: string; state: string; sentAt?: string; filedAt?: string } | null;
}

const call = (path: string, cookie: string, json?: unknown) =>
  fetch(api(path), {
    method: json === undefined ? "GET" : "POST",
    headers: { cookie, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });

/** The threat's row as the list answers it, in the given order (each order reads its own index). */
async function row(cookie: string, threatId: string, query = "limit=100"): Promise<Row | undefined> {
  const response = await call(`/api/threats?${query}`, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Row[] }).items.find((t) => t.id === threatId);
}

async function send(cookie: string, threatId: string, claimCopyright?: { sampleId: string }) {
  const draft = (await (await call("/api/dmca", cookie, { threatId, claimCopyright })).json()) as {
    requiresConfirmation?: string[];
  };
  const sent = await call("/api/dmca/send", cookie, {
    threatId,
    confirmations: draft.requiresConfirmation ?? Object.values(CONFIRMATION_PROMPTS),
    ...(claimCopyright ? { claimCopyright } : {}),
  });
  expect(sent.status).toBe(200);
  return (await sent.json()) as { state: string; noticeId: string };
}

let ada: SignedUpPerson;
const sampleId = () => `sample-${ada.userId}`;

beforeAll(async () => {
  ada = await signUp(stack.url, "ada-row-takedown");
  // The file the copy-of-photo threats re-post: what a copyright claim may name.
  await readyForNotices(stack.url, ada, (Item) => doc.send(new PutCommand({ TableName: table, Item })), {
    sampleId: sampleId(),
    mediaSha256: PLANTED_MEDIA_SHA256,
  });
}, 120_000);

afterAll(() => doc.destroy());

describe("the threat list's takedown state", () => {
  it("shows 'filing needed' on the row once a web-form notice is made, and 'filed' once the person filed it", async () => {
    const threatId = `row-form-${ada.userId}`;
    await plantThreat(threats, ada.userId, threatId);
    expect((await row(ada.cookie, threatId))?.takedown).toBeNull();

    // No copyright claim: Reddit's privacy report, a web form.
    const outcome = await send(ada.cookie, threatId);
    expect(outcome.state).toBe("filing_needed");
    expect((await row(ada.cookie, threatId))?.takedown).toEqual({
      noticeId: outcome.noticeId,
      state: "filing_needed",
    });

    const filed = await call("/api/dmca/filed", ada.cookie, { noticeId: outcome.noticeId });
    expect(filed.status).toBe(200);
    const { filedAt } = (await filed.json()) as { filedAt: string };
    expect(await row(ada.cookie, threatId)).toMatchObject({
      status: "takedown_requested",
      takedown: { noticeId: outcome.noticeId, state: "filed", filedAt },
    });
  }, 120_000);

  it("shows 'sent', then each state the person moves the case to, in every order of the list", async () => {
    const threatId = `row-mail-${ada.userId}`;
    await plantThreat(threats, ada.userId, threatId, COPY_OF_ENROLLED_PHOTO);
    const outcome = await send(ada.cookie, threatId, { sampleId: sampleId() });
    expect(outcome.state).toBe("sent");
    const sent = await row(ada.cookie, threatId);
    expect(sent?.takedown).toMatchObject({ noticeId: outcome.noticeId, state: "sent" });
    expect(Date.parse(sent?.takedown?.sentAt ?? "")).not.toBeNaN();

    for (const [action, state] of [
      ["acknowledged", "acknowledged"],
      ["close", "closed"],
    ] as const) {
      const acted = await call(`/api/takedowns/${outcome.noticeId}/actions`, ada.cookie, { action });
      expect(acted.status).toBe(200);
      for (const query of [
        "limit=100",
        "limit=100&sort=confidence",
        "limit=100&sort=severity&status=takedown_requested",
      ]) {
        expect((await row(ada.cookie, threatId, query))?.takedown, query).toMatchObject({
          noticeId: outcome.noticeId,
          state,
        });
      }
    }
  }, 120_000);

  it("is restored by the after-deploy backfill on a threat stored without it, and not rewritten on the next run", async () => {
    const threatId = `row-mail-${ada.userId}`;
    const before = await row(ada.cookie, threatId);
    expect(before?.takedown?.state).toBe("closed");
    // As stored before threats carried their notice's state.
    await doc.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: `USER#${ada.userId}`, sk: `THREAT#${threatId}` },
        UpdateExpression: "REMOVE takedown",
      }),
    );
    expect((await row(ada.cookie, threatId))?.takedown).toBeNull();

    const run = await backfillThreatTakedowns(new DynamoNoticeStates(doc, table), threats, () => new Date());
    expect(run.copied).toBeGreaterThanOrEqual(1);
    expect((await row(ada.cookie, threatId))?.takedown).toEqual(before?.takedown);
    const updatedAt = (await threats.get(ada.userId, threatId))?.updatedAt;
    await backfillThreatTakedowns(new DynamoNoticeStates(doc, table), threats, () => new Date());
    expect((await threats.get(ada.userId, threatId))?.updatedAt).toBe(updatedAt);
  }, 120_000);
});
