/**
 * Webhooks on the local stack (issue 38): an organisation's endpoints receive events signed per
 * Standard Webhooks, through the SQS stand-in and the same consumer Lambda runs; a failing receiver
 * is retried with back-off and then lands in the dead-letter queue; a redirect is never followed.
 */
import path from "node:path";
import { GetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";
import { verify } from "@lg/domain/integrations/webhook-signing";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, scanClients } from "../support/scan-run.js";
import { eventually } from "./local-clients.js";
import { publicApiClient } from "./public-api-client.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";
import { startWebhookReceiver } from "./webhook-receiver.js";

const stack = inject("localStack");
const world = { env: stack.env, mediaDir: stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };
const { doc, settings, newKey, organisation, sendCopyrightNotice } = publicApiClient(stack);

/** A receiver: /ok answers 204, /fail 500, /redirect sends to /target (which must never be reached). */
const receiver = await startWebhookReceiver((path, res, url) => {
  if (path === "/ok") res.writeHead(204).end();
  else if (path === "/redirect") res.writeHead(302, { location: url("/target") }).end();
  else res.writeHead(500).end("receiver down");
});
const { received } = receiver;

/** The events the receiver got at `path` that `hook`'s secret verifies (other endpoints' are signed with theirs). */
const verifiedBy = (hook: Webhook, path: string) =>
  received
    .filter((r) => r.path === path)
    .flatMap((r) => {
      try {
        return [hook.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> }];
      } catch {
        return [];
      }
    });
const sqs = new SQSClient({
  endpoint: stack.env.AWS_ENDPOINT_URL_SQS,
  region: stack.env.AWS_REGION,
  credentials: {
    accessKeyId: stack.env.AWS_ACCESS_KEY_ID ?? "",
    secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY ?? "",
  },
});

let owner: SignedUpPerson;
let key: string;
const endpoints: Record<"ok" | "fail" | "redirect", { id: string; secret: string }> = {} as never;

beforeAll(async () => {
  owner = await organisation("hooks");
  key = (await newKey(owner.cookie, ["threats:read", "takedowns:write"])).secret;
  for (const name of ["ok", "fail", "redirect"] as const) {
    const made = await settings(owner.cookie, "POST", "/api/webhooks", {
      url: receiver.url(`/${name}`),
      events: ["takedown.sent"],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const body = made.body as { endpoint: { id: string }; secret: string };
    endpoints[name] = { id: body.endpoint.id, secret: body.secret };
  }
}, 120_000);

afterAll(async () => {
  receiver.close();
  sqs.destroy();
  doc.destroy();
});

const deliveries = async (endpoint: string) =>
  (await settings(owner.cookie, "GET", `/api/webhooks/${endpoint}/deliveries`)).body.deliveries as {
    id: string;
    state: string;
    attempts: number;
    lastStatusCode?: number;
    lastError?: string;
  }[];

describe("webhooks", () => {
  it("deliver a signed takedown.sent that the Standard Webhooks library verifies, and a replay fails", async () => {
    const sent = await sendCopyrightNotice(owner, key, "hook-send-1");
    expect(sent.answer.body).toMatchObject({ action: "send", state: "sent" });
    const delivery = await eventually(async () => received.find((r) => r.path === "/ok"), 15_000);
    const event = new Webhook(endpoints.ok.secret).verify(delivery.body, delivery.headers) as {
      type: string;
      data: { takedownId: string; threatId: string };
    };
    expect(event).toMatchObject({
      type: "takedown.sent",
      data: { takedownId: sent.answer.body.takedownId, threatId: sent.threatId },
    });
    expect(delivery.headers["webhook-id"]).toMatch(/^msg_/);
    // The same message presented ten minutes later is refused as a replay.
    const later = Math.floor(Date.now() / 1000) + 600;
    expect(() => verify(endpoints.ok.secret, delivery.headers, delivery.body, later)).toThrow(/too old/);
    expect(() => new Webhook(endpoints.fail.secret).verify(delivery.body, delivery.headers)).toThrow();
    const log = await eventually(async () =>
      (await deliveries(endpoints.ok.id))[0]?.state === "delivered" ? deliveries(endpoints.ok.id) : undefined,
    );
    expect(log[0]).toMatchObject({ state: "delivered", attempts: 1, lastStatusCode: 204 });
  }, 60_000);

  it("retry a failing receiver with back-off, then leave the message in the dead-letter queue; resend queues it again", async () => {
    const dead = await eventually(async () => {
      const [latest] = await deliveries(endpoints.fail.id);
      return latest?.state === "dead" ? latest : undefined;
    }, 30_000);
    // WEBHOOK_RETRY_DELAYS=1,1 in the integration stack: three attempts, each answered 500.
    expect(dead).toMatchObject({ attempts: 3, lastStatusCode: 500 });
    expect(received.filter((r) => r.path === "/fail")).toHaveLength(3);
    const queued = await eventually(async () => {
      const out = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: stack.env.WEBHOOK_DEAD_LETTER_QUEUE_URL,
          AttributeNames: ["ApproximateNumberOfMessages"],
        }),
      );
      const n = Number(out.Attributes?.ApproximateNumberOfMessages ?? 0);
      return n >= 1 ? n : undefined;
    }, 10_000);
    expect(queued).toBeGreaterThanOrEqual(1);

    const resent = await settings(
      owner.cookie,
      "POST",
      `/api/webhooks/${endpoints.fail.id}/deliveries/${dead.id}/resend`,
    );
    expect(resent.body).toMatchObject({ delivery: { id: dead.id, state: "pending" } });
    await eventually(async () => (received.filter((r) => r.path === "/fail").length > 3 ? true : undefined), 15_000);
    const again = received.filter((r) => r.path === "/fail").at(-1);
    expect(again?.headers["webhook-id"]).toBe(received.find((r) => r.path === "/fail")?.headers["webhook-id"]);
  }, 60_000);

  it("never follow a receiver's redirect", async () => {
    const failed = await eventually(async () => {
      const [latest] = await deliveries(endpoints.redirect.id);
      return latest?.lastError ? latest : undefined;
    }, 15_000);
    expect(failed.lastError).toMatch(/redirect/i);
    expect(received.some((r) => r.path === "/target")).toBe(false);
  }, 30_000);

  it("deliver threat.created for each threat a scan records, then scan.completed with its outcome", async () => {
    // A scan needs someone to look for: the simulator's persona, enrolled on the Enterprise plan.
    const person = await signUp(stack.url, "hooks-scan");
    await enrolPersona(world, person.userId, await loadScenario(stack.env));
    const { accounts } = scanClients(stack.env);
    const profile = await accounts.getProfile(person.userId);
    if (!profile) throw new Error("no profile");
    await accounts.putProfile({ ...profile, platforms: ["reddit", "youtube"] });
    const made = await settings(person.cookie, "POST", "/api/webhooks", {
      url: receiver.url("/ok"),
      events: ["scan.completed", "threat.created"],
    });
    expect(made.status).toBe(201);
    const hook = new Webhook((made.body as { secret: string }).secret);
    const started = await settings(person.cookie, "POST", "/api/scan/force");
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    const { scanId } = started.body as { scanId: string };
    const mine = () => verifiedBy(hook, "/ok");
    const completed = await eventually(async () => mine().find((e) => e.type === "scan.completed"), 240_000);
    expect(completed.data).toMatchObject({ scanId, status: "succeeded", trigger: "force" });
    const created = mine().filter((e) => e.type === "threat.created");
    expect(created.map((e) => e.data.id).sort()).toEqual([...(completed.data.newThreatIds as string[])].sort());
    expect(created.length).toBeGreaterThan(0);
  }, 300_000);

  it("refuse plain http to a host that is not a local receiver, and another organisation's endpoint", async () => {
    const plain = await settings(owner.cookie, "POST", "/api/webhooks", {
      url: "http://example.com/hook",
      events: ["threat.created"],
    });
    expect(plain.status).toBe(400);
    const other = await organisation("hooks-other");
    expect((await settings(other.cookie, "GET", `/api/webhooks/${endpoints.ok.id}/deliveries`)).status).toBe(404);
    expect((await settings(other.cookie, "DELETE", `/api/webhooks/${endpoints.ok.id}`)).status).toBe(404);
  });

  it("deliver threat.updated where a threat's status changes and takedown.resolved where a case ends", async () => {
    const org = await organisation("hooks-changes");
    const writer = (await newKey(org.cookie, ["threats:read", "takedowns:write"])).secret;
    const made = await settings(org.cookie, "POST", "/api/webhooks", {
      url: receiver.url("/ok"),
      events: ["threat.updated", "takedown.resolved"],
    });
    expect(made.status).toBe(201);
    const hook = new Webhook((made.body as { secret: string }).secret);
    const mine = () => verifiedBy(hook, "/ok");

    // The person dismisses a threat in the app.
    const fake = `fake-${org.userId}`;
    const dismissed = await fetch(`${stack.url}/api/threats/${fake}/status`, {
      method: "PUT",
      headers: { cookie: org.cookie, "content-type": "application/json" },
      body: JSON.stringify({ status: "dismissed" }),
    });
    expect(dismissed.status).toBe(200);
    const updated = await eventually(async () => mine().find((e) => e.type === "threat.updated" && e.data.id === fake));
    expect(updated.data).toMatchObject({ id: fake, status: "dismissed" });

    // A notice sent through the API moves its threat (threat.updated); the person closing the case ends it.
    const sent = await sendCopyrightNotice(org, writer, "hook-resolve");
    const takedownId = sent.answer.body.takedownId as string;
    await eventually(async () =>
      mine().find(
        (e) => e.type === "threat.updated" && e.data.id === sent.threatId && e.data.status === "takedown_requested",
      ),
    );
    expect(mine().some((e) => e.type === "takedown.resolved")).toBe(false);
    const closed = await settings(org.cookie, "POST", `/api/takedowns/${takedownId}/actions`, { action: "close" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const resolved = await eventually(async () => mine().find((e) => e.type === "takedown.resolved"));
    expect(resolved.data).toMatchObject({ id: takedownId, threatId: sent.threatId, state: "closed" });
  }, 120_000);

  it("turn an endpoint off after 5 deliveries failed every attempt, and email the owner once", async () => {
    const org = await organisation("hooks-off");
    const made = await settings(org.cookie, "POST", "/api/webhooks", {
      url: receiver.url("/fail"),
      events: ["threat.updated"],
    });
    expect(made.status).toBe(201);
    const endpointId = (made.body as { endpoint: { id: string } }).endpoint.id;
    // Five status changes, five threat.updated events, each dead after its attempts (WEBHOOK_RETRY_DELAYS=1,1).
    const fake = `fake-${org.userId}`;
    for (const status of ["dismissed", "active", "dismissed", "active", "dismissed"]) {
      const changed = await fetch(`${stack.url}/api/threats/${fake}/status`, {
        method: "PUT",
        headers: { cookie: org.cookie, "content-type": "application/json" },
        body: JSON.stringify({ status }),
      });
      expect(changed.status).toBe(200);
    }
    const off = await eventually(async () => {
      const listed = (await settings(org.cookie, "GET", "/api/webhooks")).body.endpoints as {
        id: string;
        enabled: boolean;
        disabledReason?: string;
      }[];
      const endpoint = listed.find((e) => e.id === endpointId);
      return endpoint && !endpoint.enabled ? endpoint : undefined;
    }, 60_000);
    expect(off.disabledReason).toBe("Turned off after 5 deliveries failed every attempt");
    const mails = async () =>
      (
        (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
          messages: { to: string[]; subject?: string; text?: string }[];
        }
      ).messages.filter((m) => m.to.includes(org.email) && m.subject?.includes("webhook endpoint was turned off"));
    const [mail] = await eventually(async () => ((await mails()).length > 0 ? mails() : undefined), 15_000);
    expect(mail?.text).toContain(receiver.url("/fail"));
    expect(mail?.text).toContain("Turned off after 5 deliveries failed every attempt");
    // A later event is not sent to it, and tells nobody again.
    await fetch(`${stack.url}/api/threats/${fake}/status`, {
      method: "PUT",
      headers: { cookie: org.cookie, "content-type": "application/json" },
      body: JSON.stringify({ status: "active" }),
    });
    await new Promise((r) => setTimeout(r, 3000));
    expect(await mails()).toHaveLength(1);
  }, 120_000);
});
