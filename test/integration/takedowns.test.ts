import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { CONFIRMATION_PROMPTS } from "@lg/notices";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { checkOut } from "./billing-client.js";
import { clientConfig, eventually } from "./local-clients.js";
import {
  COPY_OF_ENROLLED_PHOTO,
  DECLARED_DEEPFAKE,
  PLANTED_MEDIA_SHA256 as MEDIA_SHA256,
  plantThreat as plantThreatIn,
  readyForNotices,
} from "./planted-threat.js";
import { signUp as signUpPerson } from "./signed-up-person.js";

const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")));
const threats = new DynamoThreatRepository(doc, stack.env.TABLE_NAME ?? "");

interface OutboxMessage {
  channel: "email" | "sms";
  to: string[];
  subject?: string;
  text?: string;
  html?: string;
}

const outbox = async () =>
  ((await (await fetch(api("/outbox/api/messages"))).json()) as { messages: OutboxMessage[] }).messages;

const call = (path: string, cookie: string, json?: unknown) =>
  fetch(api(path), {
    method: json === undefined ? "GET" : "POST",
    headers: { cookie, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });

const put = (path: string, cookie: string, json: unknown) =>
  fetch(api(path), {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(json),
  });

const signUp = (tag: string) => signUpPerson(stack.url, tag);

async function setUpPerson(cookie: string, userId: string, notificationSettings: Record<string, unknown>) {
  // Enrolment through the API needs real face analysis; the notice needs only the sample's enrolment date.
  // The file the copy-of-photo threats re-post: what a copyright claim may name.
  await readyForNotices(
    stack.url,
    { cookie, userId },
    (Item) => doc.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item })),
    { sampleId: `sample-${userId}`, mediaSha256: MEDIA_SHA256 },
  );
  expect((await put("/api/profile", cookie, { notificationSettings })).status).toBe(200);
}

const plantThreat = (userId: string, id: string, overrides: Record<string, unknown> = {}) =>
  plantThreatIn(threats, userId, id, overrides);

let ada: Awaited<ReturnType<typeof signUp>>;
let bo: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ada = await signUp("ada-takedown");
  bo = await signUp("bo-takedown");
  await setUpPerson(ada.cookie, ada.userId, { email: true, sms: true, push: false, frequency: "immediate" });
  await plantThreat(ada.userId, `t-${ada.userId}`, COPY_OF_ENROLLED_PHOTO);
  await plantThreat(bo.userId, `t-${bo.userId}`);
}, 120_000);

afterAll(() => doc.destroy());

describe("takedown notices on the local stack", () => {
  it("generates a DMCA notice only on a claimed original, with every element, sends it and tracks the threat", async () => {
    const threatId = `t-${ada.userId}`;
    const claimCopyright = { sampleId: `sample-${ada.userId}` };
    const draft = await call("/api/dmca", ada.cookie, { threatId, claimCopyright });
    expect(draft.status).toBe(200);
    const body = (await draft.json()) as {
      requestContent: string;
      route: string;
      recipient: string;
      requiresConfirmation: string[];
    };
    expect(body.route).toBe("dmca");
    const text = body.requestContent;
    expect(text).toContain("/Ada Moreno/"); // (i) signature
    expect(text).toContain("2026-10-01"); // (ii) the claimed original and its enrolment date
    expect(text).toContain(`reference sample-${ada.userId}`);
    expect(text).toContain(`https://www.reddit.com/r/pics/comments/${threatId}/`); // (iii) infringing URL
    expect(text).toContain("remove it or disable access");
    expect(text).toContain("12 Harbor Street"); // (iv) contact
    expect(text).toContain("+14155550123");
    expect(text).toContain(ada.email);
    expect(text).toMatch(/good faith belief/); // (v)
    expect(text).toContain("under penalty of perjury"); // (vi)
    expect(text).toContain(MEDIA_SHA256); // evidence hash
    expect(body.requiresConfirmation).toEqual(
      expect.arrayContaining([CONFIRMATION_PROMPTS.ownsWork, CONFIRMATION_PROMPTS.accurate]),
    );

    const refused = await call("/api/dmca/send", ada.cookie, { threatId, confirmations: [], claimCopyright });
    expect(refused.status).toBe(422);
    expect((await threats.get(ada.userId, threatId))?.status).toBe("active");

    const sent = await call("/api/dmca/send", ada.cookie, {
      threatId,
      confirmations: body.requiresConfirmation,
      claimCopyright,
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ state: "sent", sent: true, recipient: body.recipient });
    const delivered = (await outbox()).filter((m) => m.to.includes(body.recipient) && m.text?.includes(threatId));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.html).toContain("Ada Moreno");
    expect((await threats.get(ada.userId, threatId))?.status).toBe("takedown_requested");
  }, 120_000);

  it("without a copyright claim reports through the platform's web form: 'filing needed' until the person filed it", async () => {
    const threatId = `form-${ada.userId}`;
    await plantThreat(ada.userId, threatId);
    const draft = (await (await call("/api/dmca", ada.cookie, { threatId })).json()) as {
      route: string;
      channel: { kind: string; url?: string };
      requiresConfirmation: string[];
      requestContent: string;
    };
    expect(draft.route).toBe("platform_report");
    expect(draft.channel).toMatchObject({ kind: "web_form", url: "https://www.reddit.com/report" });
    expect(draft.requestContent).not.toContain("17 U.S.C.");
    const before = (await outbox()).length;
    const filing = await call("/api/dmca/send", ada.cookie, { threatId, confirmations: draft.requiresConfirmation });
    const outcome = (await filing.json()) as { state: string; sent: boolean; noticeId: string; formFields: unknown[] };
    expect(outcome).toMatchObject({ state: "filing_needed", sent: false });
    expect(outcome.formFields.length).toBeGreaterThan(3);
    expect((await outbox()).length).toBe(before);
    const shown = (await (await call(`/api/threats/${threatId}`, ada.cookie)).json()) as {
      takedown?: { state: string };
    };
    expect(shown.takedown?.state).toBe("filing_needed");
    expect((await call("/api/dmca/filed", bo.cookie, { noticeId: outcome.noticeId })).status).toBe(404);
    const filed = await call("/api/dmca/filed", ada.cookie, { noticeId: outcome.noticeId });
    expect(await filed.json()).toMatchObject({ state: "filed" });
    expect((await threats.get(ada.userId, threatId))?.status).toBe("takedown_requested");
  }, 120_000);

  it("answers another person's threat as not found and a removed threat as a conflict, sending nothing", async () => {
    const before = (await outbox()).length;
    const foreign = await call("/api/dmca/send", ada.cookie, {
      threatId: `t-${bo.userId}`,
      confirmations: Object.values(CONFIRMATION_PROMPTS),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Threat not found" });
    expect((await call("/api/dmca", ada.cookie, { threatId: `t-${bo.userId}` })).status).toBe(404);

    await plantThreat(ada.userId, `removed-${ada.userId}`, { status: "removed" });
    const closed = await call("/api/dmca", ada.cookie, { threatId: `removed-${ada.userId}` });
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toMatch(/removed/);
    expect((await outbox()).length).toBe(before);
  }, 60_000);

  it("re-hashes a threat's evidence for its owner only, and calls a package missing from the bucket not intact", async () => {
    const foreign = await call(`/api/threats/t-${bo.userId}/evidence`, ada.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Threat not found" });

    // A planted threat's manifest key names no stored object: nothing there can vouch for it.
    await plantThreat(ada.userId, `unbacked-${ada.userId}`);
    const missing = await call(`/api/threats/unbacked-${ada.userId}/evidence`, ada.cookie);
    expect(missing.status).toBe(200);
    expect(await missing.json()).toMatchObject({ intact: false, manifestHash: null, files: [] });
  }, 60_000);

  it("hands new threats over to alerts: email now, and a text only for the critical one", async () => {
    Object.assign(process.env, stack.env);
    const { handOverNewThreats } = await import("../../lambdas/src/shared/scanning/alert-handover.js");
    const critical = `crit-${ada.userId}`;
    const mild = `mild-${ada.userId}`;
    await plantThreat(ada.userId, critical, {
      confidence: 96,
      detection: { ...DECLARED_DEEPFAKE, face: { personId: "self", confidence: 96 } },
    });
    await plantThreat(ada.userId, mild, { threatType: "impersonation", confidence: 92 });
    // One email listing both threats, and one text for the critical one.
    expect(await handOverNewThreats(ada.userId, [critical, mild])).toEqual({ alerts: 2, autoTakedowns: 0 });

    const mine = (await outbox()).filter(
      (m) => m.text?.includes(critical) || m.text?.includes(encodeURIComponent(mild)) || m.text?.includes(mild),
    );
    const emails = mine.filter((m) => m.channel === "email");
    const texts = mine.filter((m) => m.channel === "sms");
    expect(emails.map((m) => m.to)).toEqual([[ada.email]]);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.to).toEqual(["+14155550123"]);
    expect(texts[0]?.text).toContain(critical);
  }, 60_000);

  it("sends an automatic takedown through the state machine and mails the person a copy", async () => {
    Object.assign(process.env, stack.env);
    const { handOverNewThreats } = await import("../../lambdas/src/shared/scanning/alert-handover.js");
    const pro = await signUp("pro-takedown");
    await setUpPerson(pro.cookie, pro.userId, { email: false, sms: false, push: false });
    // Automatic takedowns are a Professional feature: the plan comes through checkout, not the request.
    expect((await checkOut(stack.url, pro.cookie, "professional")).status).toBe(303);
    const prefs = await call("/api/scan-preferences", pro.cookie, {
      platforms: ["reddit"],
      scanFrequency: "daily",
      alertSensitivity: "high",
      autoTakedown: true,
    });
    expect(prefs.status).toBe(200);
    const threatId = `auto-${pro.userId}`;
    // Telegram takes impersonation and privacy reports by email: a basis automatic takedown may send.
    await plantThreat(pro.userId, threatId, { platform: "telegram" });
    expect(await handOverNewThreats(pro.userId, [threatId])).toEqual({ alerts: 0, autoTakedowns: 1 });
    // Handing the same threat over again starts nothing new: the execution name is the threat's.
    expect(await handOverNewThreats(pro.userId, [threatId])).toEqual({ alerts: 0, autoTakedowns: 0 });

    const copy = await eventually(
      async () => (await outbox()).find((m) => m.to.includes(pro.email) && m.subject?.startsWith("Sent for you:")),
      60_000,
    );
    expect(copy.text).toContain("/Ada Moreno/");
    expect(copy.text).toContain(threatId);
    expect((await threats.get(pro.userId, threatId))?.status).toBe("takedown_requested");
    const toPlatform = (await outbox()).filter((m) => !m.to.includes(pro.email) && m.text?.includes(threatId));
    expect(toPlatform).toHaveLength(1);
  }, 120_000);

  it("says in the takedown centre and on the threat why an automatic takedown sent nothing, and what to do", async () => {
    Object.assign(process.env, stack.env);
    const { handOverNewThreats } = await import("../../lambdas/src/shared/scanning/alert-handover.js");
    const pro = await signUp("pro-not-sent");
    await setUpPerson(pro.cookie, pro.userId, { email: false, sms: false, push: false });
    expect((await checkOut(stack.url, pro.cookie, "professional")).status).toBe(303);
    const prefs = await call("/api/scan-preferences", pro.cookie, {
      platforms: ["youtube"],
      scanFrequency: "daily",
      alertSensitivity: "high",
      autoTakedown: true,
    });
    expect(prefs.status).toBe(200);
    const threatId = `form-${pro.userId}`;
    // YouTube takes impersonation and privacy reports only through its web form: the person files it.
    await plantThreat(pro.userId, threatId, { platform: "youtube" });
    expect(await handOverNewThreats(pro.userId, [threatId])).toEqual({ alerts: 0, autoTakedowns: 1 });

    const page = await eventually(async () => {
      const body = (await (await call("/api/takedowns", pro.cookie)).json()) as {
        notSent?: { threatId: string; reason: string; detail: string }[];
      };
      return body.notSent?.length ? body : undefined;
    }, 60_000);
    expect(page.notSent).toEqual([expect.objectContaining({ threatId, reason: "needs-person", platform: "youtube" })]);
    expect(page.notSent?.[0]?.detail).toMatch(/^Automatic takedown sent nothing: .*web form/);
    const threat = (await (await call(`/api/threats/${threatId}`, pro.cookie)).json()) as {
      autoTakedown?: { reason: string };
    };
    expect(threat.autoTakedown).toMatchObject({ reason: "needs-person" });
    // Nothing went to the platform, and the threat is still the person's to act on.
    expect((await outbox()).filter((m) => m.text?.includes(threatId))).toEqual([]);
    expect((await threats.get(pro.userId, threatId))?.status).toBe("active");
  }, 120_000);
});
