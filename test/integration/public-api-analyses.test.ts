/**
 * Analyses through the public API on the local stack (issue 38): POST /api/v1/analyses answers 202 at
 * once, the analysis workflow fetches the media through the scans' SSRF-safe client (or reads a file
 * put at a presigned URL) and analyses it with the scans' own analyser against the organisation's
 * enrolled people, GET /api/v1/analyses/{id} answers the result, and analysis.completed arrives signed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario } from "../support/scan-run.js";
import { eventually } from "./local-clients.js";
import { publicApiClient } from "./public-api-client.js";
import type { SignedUpPerson } from "./signed-up-person.js";
import { startWebhookReceiver } from "./webhook-receiver.js";

const stack = inject("localStack");
const world = { env: stack.env, mediaDir: stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };
const { doc, settings, v1, newKey, organisation } = publicApiClient(stack);

interface Analysis {
  id: string;
  status: string;
  failure?: string;
  upload?: { url: string; method: string; headers: Record<string, string> };
  result: {
    media: { kind: string };
    synthetic: { verdict: string; signals: { id: string; explanation: string }[] };
    matches: { personId: string; modality: string; confidence: number }[];
    provenance: { declaredSynthetic: boolean };
  } | null;
}

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: SignedUpPerson;
let key: string;
let hook: Webhook;
/** A picture of the persona the simulator planted (a face match), served by the simulated platform. */
let planted: { url: string; path: string };

const ended = (id: string) =>
  eventually(async () => {
    const got = await v1(key, "GET", `/analyses/${id}`);
    expect(got.status).toBe(200);
    const analysis = got.body as unknown as Analysis;
    return analysis.status === "completed" || analysis.status === "failed" ? analysis : undefined;
  }, 180_000);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  owner = await organisation("analyses");
  const scenario = await loadScenario(stack.env);
  await enrolPersona(world, owner.userId, scenario);
  const item = (
    scenario.items as unknown as {
      planted: { reason: string } | null;
      media: { kind: string; url: string; path: string }[];
    }[]
  ).find((i) => i.planted?.reason === "face-match" && i.media[0]?.kind === "image");
  if (!item?.media[0]) throw new Error("The simulator planted no picture of the persona");
  planted = item.media[0];
  key = (await newKey(owner.cookie, ["analyses:write"])).secret;
  const made = await settings(owner.cookie, "POST", "/api/webhooks", {
    url: receiver.url("/hook"),
    events: ["analysis.completed"],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  hook = new Webhook((made.body as { secret: string }).secret);
}, 180_000);

afterAll(() => {
  receiver.close();
  doc.destroy();
});

describe("analyses through the public API", () => {
  it("analyse a public media URL as a scan would: 202 and Location, then the persona's face matched, and analysis.completed signed", async () => {
    const posted = await v1(key, "POST", "/analyses", { body: { url: planted.url }, idempotencyKey: "analyse-url" });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const queued = posted.body as unknown as Analysis;
    expect(queued).toMatchObject({ status: "queued", result: null, source: { kind: "url", url: planted.url } });
    expect(posted.headers.get("location")).toBe(`/api/v1/analyses/${queued.id}`);

    const done = await ended(queued.id);
    expect(done.status, done.failure).toBe("completed");
    expect(done.result?.media.kind).toBe("image");
    expect(done.result?.matches).toContainEqual(
      expect.objectContaining({ personId: "self", modality: "face", confidence: expect.any(Number) }),
    );
    expect(done.result?.matches[0]?.confidence).toBeGreaterThanOrEqual(50);
    // Every synthetic signal ran and says why, whatever it read.
    expect(done.result?.synthetic.signals.length).toBeGreaterThan(0);
    for (const s of done.result?.synthetic.signals ?? []) expect(s.explanation.length).toBeGreaterThan(0);

    const event = await eventually(async () =>
      receiver.received
        .map((r) => hook.verify(r.body, r.headers) as { type: string; data: { id: string; status: string } })
        .find((e) => e.data.id === queued.id),
    );
    expect(event).toMatchObject({ type: "analysis.completed", data: { id: queued.id, status: "completed" } });

    // A retried POST starts no second analysis: the first answer again.
    const retried = await v1(key, "POST", "/analyses", { body: { url: planted.url }, idempotencyKey: "analyse-url" });
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect((retried.body as { id: string }).id).toBe(queued.id);
  }, 240_000);

  it("analyse a file put at the presigned upload URL, and delete it once read", async () => {
    const bytes = await readFile(path.join(world.mediaDir, planted.path));
    const contentType = planted.path.endsWith(".png") ? "image/png" : "image/jpeg";
    const posted = await v1(key, "POST", "/analyses", {
      body: { upload: { contentType, size: bytes.length } },
      idempotencyKey: "analyse-upload",
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const queued = posted.body as unknown as Analysis;
    if (!queued.upload) throw new Error("no upload URL in the answer");
    const put = await fetch(queued.upload.url, { method: "PUT", headers: queued.upload.headers, body: bytes });
    expect(put.status).toBe(200);
    const done = await ended(queued.id);
    expect(done.status, done.failure).toBe("completed");
    expect(done.result?.matches.map((m) => m.modality)).toContain("face");
    expect((await fetch(queued.upload.url.split("?")[0] ?? "")).status).not.toBe(200);
  }, 240_000);

  it("fail an analysis of a private address with the reason, never fetching it", async () => {
    const posted = await v1(key, "POST", "/analyses", {
      body: { url: "http://169.254.169.254/latest/meta-data/picture.jpg" },
      idempotencyKey: "analyse-private",
    });
    expect(posted.status).toBe(202);
    const done = await ended((posted.body as { id: string }).id);
    expect(done.status).toBe("failed");
    expect(done.failure).toMatch(/169\.254\.169\.254|private|not allowed|refused/i);
    expect(done.result).toBeNull();
  }, 240_000);

  it("refuse a read key, a file over 10 MB or of another type, and answer another organisation's id 404", async () => {
    const readKey = (await newKey(owner.cookie, ["threats:read"])).secret;
    expect(
      (await v1(readKey, "POST", "/analyses", { body: { url: planted.url }, idempotencyKey: "read-key" })).status,
    ).toBe(403);
    const tooBig = await v1(key, "POST", "/analyses", {
      body: { upload: { contentType: "image/jpeg", size: 10 * 1024 * 1024 + 1 } },
      idempotencyKey: "too-big",
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.headers.get("content-type")).toContain("application/problem+json");
    const wrongType = await v1(key, "POST", "/analyses", {
      body: { upload: { contentType: "application/pdf", size: 10 } },
      idempotencyKey: "wrong-type",
    });
    expect(wrongType.status).toBe(400);

    const mine = await v1(key, "POST", "/analyses", { body: { url: planted.url }, idempotencyKey: "mine" });
    const other = await organisation("analyses-other");
    const otherKey = (await newKey(other.cookie, ["analyses:write"])).secret;
    const seen = await v1(otherKey, "GET", `/analyses/${(mine.body as { id: string }).id}`);
    expect(seen.status).toBe(404);
    expect(seen.headers.get("content-type")).toContain("application/problem+json");
  }, 240_000);
});
