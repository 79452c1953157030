import { FetchRefusedError } from "@lg/connectors/errors";
import {
  AnalysisRequests,
  AnalysisRunner,
  type AnalysisStore,
  type ApiAnalysisRecord,
  failAnalysis,
  tellAnalysisEnded,
  UPLOAD_LATE,
} from "@lg/domain/integrations/analyses";
import { PublicAnalysis } from "@lg/domain/integrations/public-api-contract";
import type { EnrolledPerson, MediaAnalysis, MediaToAnalyse } from "@lg/domain/scanning/scan-ports";
import { describe, expect, it } from "vitest";

class MemoryAnalyses implements AnalysisStore {
  readonly items = new Map<string, ApiAnalysisRecord>();
  async put(a: ApiAnalysisRecord) {
    this.items.set(`${a.accountId}/${a.analysisId}`, a);
  }
  async get(accountId: string, analysisId: string) {
    return this.items.get(`${accountId}/${analysisId}`) ?? null;
  }
}

/** What the detection engine answers for a face swap of the account holder (as DetectionLikenessAnalyser reduces it). */
const swappedFace: MediaAnalysis = {
  contentType: "image/jpeg",
  face: { personId: "self", confidence: 96, enrolment: "verified" },
  voice: null,
  syntheticScore: 0.97,
  syntheticStatus: "synthetic",
  syntheticOperatingPoint: { threshold: 0.8, falsePositiveRate: 0.004, genuineCount: 500 },
  syntheticSignals: [
    { id: "face-forgery-net", status: "present", score: 0.97, explanation: "Blend boundary around the face" },
    { id: "c2pa", status: "absent", explanation: "No C2PA manifest" },
  ],
  intimate: { status: "absent", score: 0.01 },
  result: { media: { kind: "image", format: "jpeg", bytes: 2048, width: 640, height: 480 } },
};

const holder: EnrolledPerson = {
  personId: "self",
  displayName: "Ada Lovelace",
  face: [new Float32Array(4)],
  voice: [],
};

function world(options: { fetch?: (url: string) => Promise<{ contentType: string; bytes: Uint8Array }> } = {}) {
  const store = new MemoryAnalyses();
  const uploads = new Map<string, Uint8Array>();
  const started: { name: string; input: unknown }[] = [];
  const published: { accountId: string; data: Record<string, unknown> }[] = [];
  const analysed: { media: MediaToAnalyse; options: unknown }[] = [];
  const now = () => new Date("2026-11-29T10:00:00Z");
  const requests = new AnalysisRequests({
    store,
    uploads: {
      uploadUrl: async (key, file) => ({
        url: `https://uploads.example/${key.analysisId}?size=${file.bytes}`,
        headers: { "content-type": file.contentType },
        expiresAt: "2026-11-29T10:10:00.000Z",
      }),
    },
    startWorkflow: async (name, input) => {
      started.push({ name, input });
    },
    now,
  });
  const runner = new AnalysisRunner({
    store,
    uploads: {
      read: async (key) => uploads.get(key.analysisId) ?? null,
      remove: async (key) => {
        uploads.delete(key.analysisId);
      },
    },
    fetchMedia: options.fetch ?? (async () => ({ contentType: "image/jpeg", bytes: new Uint8Array([1, 2, 3]) })),
    analyser: {
      analyse: async (media, _people, opts) => {
        analysed.push({ media, options: opts });
        return swappedFace;
      },
    },
    enrolledPeople: async (accountId) => (accountId === "acct-a" ? [holder] : []),
    now,
  });
  const tell = (accountId: string, analysisId: string) =>
    tellAnalysisEnded(
      {
        store,
        publish: async (to, _type, data) => {
          published.push({ accountId: to, data });
        },
      },
      accountId,
      analysisId,
    );
  const fail = (accountId: string, analysisId: string, reason: string) =>
    failAnalysis({ store, uploads: { remove: async () => {} }, now }, { accountId, analysisId }, reason);
  return { store, uploads, started, published, analysed, requests, runner, tell, fail };
}

const scope = { accountId: "acct-a", keyId: "key-a" };

describe("analyses through the public API", () => {
  it("answers a URL at once as queued and starts the analysis workflow for it", async () => {
    const w = world();
    const answer = await w.requests.submit(scope, { url: "https://media.example/clip.jpg" });
    expect(PublicAnalysis.parse(answer)).toMatchObject({
      status: "queued",
      source: { kind: "url", url: "https://media.example/clip.jpg" },
      result: null,
    });
    expect(answer.upload).toBeUndefined();
    expect(w.started).toEqual([{ name: answer.id, input: { accountId: "acct-a", analysisId: answer.id } }]);
  });

  it("gives an upload a presigned URL to put the file at", async () => {
    const w = world();
    const answer = await w.requests.submit(scope, { upload: { contentType: "image/png", size: 3 } });
    expect(answer.upload).toEqual({
      method: "PUT",
      url: `https://uploads.example/${answer.id}?size=3`,
      headers: { "content-type": "image/png" },
      expiresAt: "2026-11-29T10:10:00.000Z",
    });
    expect(answer.source).toEqual({ kind: "upload", contentType: "image/png", size: 3 });
  });

  it("reports the product's own analysis: verdict, signals, matches, provenance and the threat a scan would record", async () => {
    const w = world();
    const { id } = await w.requests.submit(scope, { url: "https://media.example/clip.jpg" });
    await expect(w.runner.run("acct-a", id)).resolves.toEqual({ status: "completed" });
    const done = await w.requests.get("acct-a", id);
    expect(done.status).toBe("completed");
    expect(done.result).toMatchObject({
      media: { kind: "image", format: "jpeg", bytes: 2048, width: 640, height: 480 },
      synthetic: {
        verdict: "synthetic",
        score: 0.97,
        signals: [{ id: "face-forgery-net", status: "present", score: 0.97 }],
      },
      matches: [{ personId: "self", modality: "face", confidence: 96, enrolment: "verified" }],
      provenance: { declaredSynthetic: false, signals: [{ id: "c2pa", status: "absent" }] },
      threat: { type: "deepfake" },
    });
    expect(done.result?.threat?.title).toContain("Ada Lovelace");
    // Every signal, whatever matched: an analysis asked for is not a scan's cheap pass.
    expect(w.analysed[0]?.options).toMatchObject({ everySignal: true });
    await expect(w.tell("acct-a", id)).resolves.toEqual({ told: true });
    expect(w.published).toEqual([
      { accountId: "acct-a", data: expect.objectContaining({ id, status: "completed", result: done.result }) },
    ]);
  });

  it("answers another organisation's analysis id as not found", async () => {
    const w = world();
    const { id } = await w.requests.submit(scope, { url: "https://media.example/clip.jpg" });
    await expect(w.requests.get("acct-b", id)).rejects.toMatchObject({ kind: "not-found" });
  });

  it("fails an analysis whose URL the SSRF-safe client refuses, saying why", async () => {
    const w = world({
      fetch: async () => {
        throw new FetchRefusedError("169.254.169.254 is a private address");
      },
    });
    const { id } = await w.requests.submit(scope, { url: "http://169.254.169.254/latest" });
    await expect(w.runner.run("acct-a", id)).resolves.toEqual({ status: "failed" });
    const failed = await w.requests.get("acct-a", id);
    expect(failed).toMatchObject({ status: "failed", failure: "169.254.169.254 is a private address", result: null });
    expect(w.analysed).toHaveLength(0);
    await w.tell("acct-a", id);
    expect(w.published[0]?.data).toMatchObject({ status: "failed", failure: "169.254.169.254 is a private address" });
  });

  it("waits for an upload (thrown for the workflow to retry), then analyses it and deletes it", async () => {
    const w = world();
    const { id } = await w.requests.submit(scope, { upload: { contentType: "image/jpeg", size: 3 } });
    await expect(w.runner.run("acct-a", id)).rejects.toMatchObject({ name: "UploadNotArrived" });
    expect((await w.requests.get("acct-a", id)).status).toBe("queued");
    w.uploads.set(id, new Uint8Array([9, 9, 9]));
    await expect(w.runner.run("acct-a", id)).resolves.toEqual({ status: "completed" });
    expect(w.uploads.has(id)).toBe(false);
  });

  it("refuses a file of another size than the request declared", async () => {
    const w = world();
    const { id } = await w.requests.submit(scope, { upload: { contentType: "image/jpeg", size: 3 } });
    w.uploads.set(id, new Uint8Array(5));
    await w.runner.run("acct-a", id);
    expect((await w.requests.get("acct-a", id)).failure).toMatch(/5 bytes, not the 3/);
  });

  it("ends an analysis once: a retried step and a late Fail change nothing", async () => {
    const w = world();
    const { id } = await w.requests.submit(scope, { url: "https://media.example/clip.jpg" });
    await w.runner.run("acct-a", id);
    await w.runner.run("acct-a", id);
    await w.fail("acct-a", id, UPLOAD_LATE);
    expect((await w.requests.get("acct-a", id)).status).toBe("completed");
    expect(w.analysed).toHaveLength(1);
  });

  it("records a late upload as failed, and tells webhooks of no analysis before it ends", async () => {
    const w = world();
    const { id } = await w.requests.submit(scope, { upload: { contentType: "image/jpeg", size: 3 } });
    await expect(w.tell("acct-a", id)).resolves.toEqual({ told: false });
    await w.fail("acct-a", id, UPLOAD_LATE);
    expect(await w.requests.get("acct-a", id)).toMatchObject({ status: "failed", failure: UPLOAD_LATE });
    await expect(w.tell("acct-a", id)).resolves.toEqual({ told: true });
  });
});
