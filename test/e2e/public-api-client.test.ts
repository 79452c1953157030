/**
 * The public API as an organisation's developer meets it (issue 38): a client generated from the
 * published OpenAPI document (openapi-typescript types, openapi-fetch) runs the whole flow against the
 * local stack with a key an owner made in the browser: it registers a webhook endpoint, lists threats,
 * sends a takedown, submits an analysis and polls it to completion, and the signed webhooks that arrive
 * verify with the Standard Webhooks library, while the same delivery presented again later does not.
 */
import path from "node:path";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import createClient, { type Middleware } from "openapi-fetch";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eventually } from "../integration/local-clients.js";
import {
  COPY_OF_ENROLLED_PHOTO,
  PLANTED_MEDIA_SHA256,
  plantThreat,
  readyForNotices,
} from "../integration/planted-threat.js";
import { publicApiClient } from "../integration/public-api-client.js";
import { startWebhookReceiver } from "../integration/webhook-receiver.js";
import { loadScenario } from "../support/scan-run.js";
import { repoRoot, screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";
import type { paths } from "./support/public-api-types.js";

const mediaDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");
const e2e = useBrowserStack("public-api-client", { mediaDir, simulator: { totalItems: 10, plantedItems: 4 } });

let page: Page;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let helpers: ReturnType<typeof publicApiClient>;
let owner = { userId: "", cookie: "" };
/** The key the owner copied from the page, shown there once. */
let apiKey = "";
let webhookSecret = "";
const copyId = () => `copy-${owner.userId}`;

/** The generated client, as a developer would configure it: the base URL and the key as a bearer token. */
const api = () => {
  const client = createClient<paths>({ baseUrl: e2e.stack.url });
  const bearer: Middleware = {
    onRequest({ request }) {
      request.headers.set("authorization", `Bearer ${apiKey}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
};

/** The deliveries of one event type that have arrived so far. */
const delivered = (type: string) => receiver.received.filter((r) => JSON.parse(r.body).type === type);

beforeAll(async () => {
  page = await e2e.newPage();
  receiver = await startWebhookReceiver();
  helpers = publicApiClient({ url: e2e.stack.url, env: e2e.stack.env, greetingStateMachineArn: "" });
});

afterAll(() => {
  receiver?.close();
  helpers?.doc.destroy();
});

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) {
    await screenshot(page, `public-api-client-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
});

describe("a client generated from the OpenAPI document", () => {
  it("gets a key that an Enterprise owner creates in the browser and copies from the page", async () => {
    await signUpByEmail(page, e2e.stack.url, `api-client-${Date.now()}@example.com`, "Correct-horse-9");
    const { userId } = (await (await page.request.get(`${e2e.stack.url}/api/auth/user`)).json()) as {
      userId: string;
    };
    const session = (await page.context().cookies()).find((c) => c.name === "lg_session");
    if (!session) throw new Error("signing up left no session cookie");
    owner = { userId, cookie: `lg_session=${session.value}` };
    // Enterprise as billing's signed webhook would store it; a re-post of the owner's enrolled photo,
    // which a copyright notice can rest on, as a scan would have recorded it.
    await helpers.setTier(userId, "enterprise");
    await readyForNotices(
      e2e.stack.url,
      owner,
      (item) => helpers.doc.send(new PutCommand({ TableName: e2e.stack.env.TABLE_NAME, Item: item })),
      {
        sampleId: `sample-${userId}`,
        mediaSha256: PLANTED_MEDIA_SHA256,
      },
    );
    await plantThreat(helpers.threats, userId, copyId(), COPY_OF_ENROLLED_PHOTO);

    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByRole("link", { name: "Integrations" }).click();
    await page.getByRole("heading", { name: "API keys and webhooks" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Case tool");
    for (const scope of ["webhooks:manage", "takedowns:write", "analyses:write"])
      await page.getByRole("checkbox", { name: new RegExp(scope) }).check();
    await page.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByRole("alert").filter({ hasText: "Your new API key." });
    apiKey = (await shown.locator("code").textContent()) ?? "";
    await screenshot(page, "public-api-client-01-key-shown-once");
    await shown.getByRole("button", { name: "I have stored it" }).click();
    expect(apiKey).toMatch(/^lg_live_/);
    // Gone from the page once stored: the list names the key by its hint only.
    expect(await page.getByText(apiKey).count()).toBe(0);
    await page
      .getByText(/Case tool.*lg_live_.*…/)
      .first()
      .waitFor();
  });

  it("registers a webhook endpoint, lists the threat and sends a copyright notice for it", async () => {
    const client = api();
    const hook = await client.POST("/api/v1/webhooks", {
      params: { header: { "Idempotency-Key": crypto.randomUUID() } },
      body: { url: receiver.url("/hooks"), events: ["takedown.sent", "threat.updated", "analysis.completed"] },
    });
    expect(hook.response.status, JSON.stringify(hook.error)).toBe(201);
    webhookSecret = hook.data?.secret ?? "";
    expect(webhookSecret).toMatch(/^whsec_/);

    const listed = await client.GET("/api/v1/threats", { params: { query: { status: "active", limit: 10 } } });
    expect(listed.response.status, JSON.stringify(listed.error)).toBe(200);
    const threat = listed.data?.data.find((t) => t.id === copyId());
    expect(threat).toMatchObject({ type: "likeness_misuse", status: "active", takedown: null });

    const claimCopyright = { sampleId: `sample-${owner.userId}` };
    const prepared = await client.POST("/api/v1/threats/{id}/takedowns", {
      params: { path: { id: copyId() }, header: { "Idempotency-Key": crypto.randomUUID() } },
      body: { action: "prepare", confirmations: [], claimCopyright },
    });
    expect(prepared.response.status, JSON.stringify(prepared.error)).toBe(200);
    const draft = prepared.data;
    if (draft?.action !== "prepare") throw new Error(`preparing answered ${JSON.stringify(prepared.data)}`);
    expect(draft.route).not.toBe("none");

    const idempotencyKey = crypto.randomUUID();
    const send = () =>
      client.POST("/api/v1/threats/{id}/takedowns", {
        params: { path: { id: copyId() }, header: { "Idempotency-Key": idempotencyKey } },
        body: { action: "send", confirmations: draft.requiresConfirmation, claimCopyright },
      });
    const sent = await send();
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
    if (sent.data?.action !== "send") throw new Error(`sending answered ${JSON.stringify(sent.data)}`);
    expect(sent.data).toMatchObject({ threatId: copyId(), state: "sent" });
    // A retry after a lost answer gets the same notice, not a second one.
    expect((await send()).data).toEqual(sent.data);

    const takedown = await client.GET("/api/v1/takedowns/{id}", { params: { path: { id: sent.data.takedownId } } });
    expect(takedown.response.status, JSON.stringify(takedown.error)).toBe(200);
    const after = await client.GET("/api/v1/threats/{id}", { params: { path: { id: copyId() } } });
    expect(after.data?.takedown).toMatchObject({ id: sent.data.takedownId });

    const arrived = await eventually(async () => delivered("takedown.sent")[0], 30_000);
    expect(new Webhook(webhookSecret).verify(arrived.body, arrived.headers)).toMatchObject({
      type: "takedown.sent",
      data: { threatId: copyId() },
    });
    expect(delivered("takedown.sent")).toHaveLength(1);
  });

  it("submits a media URL for analysis and polls it to completion, announced by a signed webhook", async () => {
    const client = api();
    const scenario = await loadScenario(e2e.stack.env);
    // The scenario's report names each item's media with the URL the simulated platform serves it at.
    const media = scenario.items.flatMap((i) => i.media) as unknown as { kind: string; url: string }[];
    const picture = media.find((m) => m.kind === "image");
    if (!picture) throw new Error("the simulator serves no picture");
    const posted = await client.POST("/api/v1/analyses", {
      params: { header: { "Idempotency-Key": crypto.randomUUID() } },
      body: { url: picture.url },
    });
    expect(posted.response.status, JSON.stringify(posted.error)).toBe(202);
    const id = posted.data?.id ?? "";

    const done = await eventually(async () => {
      const got = await client.GET("/api/v1/analyses/{id}", { params: { path: { id } } });
      expect(got.response.status, JSON.stringify(got.error)).toBe(200);
      return got.data?.status === "completed" || got.data?.status === "failed" ? got.data : undefined;
    }, 180_000);
    expect(done).toMatchObject({ status: "completed", source: { kind: "url", url: picture.url } });
    expect(done.result?.media.kind).toBe("image");

    const arrived = await eventually(
      async () => delivered("analysis.completed").find((r) => JSON.parse(r.body).data?.id === id),
      30_000,
    );
    expect(new Webhook(webhookSecret).verify(arrived.body, arrived.headers)).toMatchObject({
      type: "analysis.completed",
      data: { id, status: "completed" },
    });
  }, 240_000);

  it("refuses a delivery replayed later, or with its timestamp moved, or under another secret", async () => {
    const [original] = delivered("takedown.sent");
    if (!original) throw new Error("the takedown.sent delivery is gone");
    const hook = new Webhook(webhookSecret);
    // The same bytes and headers an attacker captured, presented ten minutes later.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect(() => hook.verify(original.body, original.headers)).toThrow(/timestamp/i);
    } finally {
      vi.useRealTimers();
    }
    const fresh = String(Math.floor(Date.now() / 1000));
    expect(() => hook.verify(original.body, { ...original.headers, "webhook-timestamp": fresh })).toThrow();
    const stranger = new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`);
    expect(() => stranger.verify(original.body, original.headers)).toThrow();
    expect(hook.verify(original.body, original.headers)).toMatchObject({ type: "takedown.sent" });
  });
});
